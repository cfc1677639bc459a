-- flows §4: a delivery is toApprove, then approved. A delivery confirmed with a problem used to be
-- 'partlyApproved', a status no spec client filters on; it is approved now, and its problems stay
-- where they were, on its lines (delivery_lines.problem_type, remark, returned) and on the delivery
-- (problem_type, remark): nothing else changes.
update deliveries set status = 'approved' where status = 'partlyApproved';
