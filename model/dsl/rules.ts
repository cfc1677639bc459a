import type { ErrorCode } from '../catalogue/errors';

/**
 * Cross-field validation rules. They are data, so the server (zod superRefine, built from the model)
 * and the forms (the same schema through the zod resolver) enforce the same rule with the same
 * error code. Field paths may be nested with dots ('budgetSetting.endDate').
 */
export type Rule =
  /** `field` must be filled when `when` is filled. */
  | { readonly kind: 'requiredWhenFilled'; readonly field: string; readonly when: string; readonly code: ErrorCode }
  /** `field` must be filled when `when` holds one of `values`. */
  | { readonly kind: 'requiredWhenValue'; readonly field: string; readonly when: string; readonly values: readonly string[]; readonly code: ErrorCode }
  /** `field` must not be zero when `when` is above zero. */
  | { readonly kind: 'notZeroWhenPositive'; readonly field: string; readonly when: string; readonly code: ErrorCode }
  /** `field` (a number) must be at least `min` when `when` is filled (an empty `field` is another rule's). */
  | { readonly kind: 'minWhenFilled'; readonly field: string; readonly when: string; readonly min: number; readonly code: ErrorCode }
  /** Fill both or neither. */
  | { readonly kind: 'bothOrNeither'; readonly fields: readonly [string, string]; readonly code: ErrorCode }
  /** `field` (a date) must be strictly after `other` when both are filled. */
  | { readonly kind: 'after'; readonly field: string; readonly other: string; readonly code: ErrorCode }
  /** `field` (a date) must not be before `other` when both are filled (the same day passes). */
  | { readonly kind: 'notBefore'; readonly field: string; readonly other: string; readonly code: ErrorCode };

export const rule = {
  requiredWhenFilled: (field: string, when: string, code: ErrorCode): Rule => ({ kind: 'requiredWhenFilled', field, when, code }),
  requiredWhenValue: (field: string, when: string, values: string[], code: ErrorCode): Rule => ({ kind: 'requiredWhenValue', field, when, values, code }),
  notZeroWhenPositive: (field: string, when: string, code: ErrorCode): Rule => ({ kind: 'notZeroWhenPositive', field, when, code }),
  minWhenFilled: (field: string, when: string, min: number, code: ErrorCode): Rule => ({ kind: 'minWhenFilled', field, when, min, code }),
  bothOrNeither: (a: string, b: string, code: ErrorCode): Rule => ({ kind: 'bothOrNeither', fields: [a, b], code }),
  after: (field: string, other: string, code: ErrorCode): Rule => ({ kind: 'after', field, other, code }),
  notBefore: (field: string, other: string, code: ErrorCode): Rule => ({ kind: 'notBefore', field, other, code }),
};
