import type { Translations } from './i18n';

/**
 * How a resource's generated form and show page group its fields, instead of one long column:
 * `tabs` (react-admin TabbedForm / TabbedShowLayout, one tab per group) or `sections` (one form
 * with a titled part per group). A group lists top-level field names; an object field brings all
 * its members. A field no group names goes to the first group, so a new field always shows.
 */
export interface FieldGroupDef {
  readonly label: Translations;
  readonly fields: readonly string[];
}

export interface GroupsDef {
  readonly layout: 'tabs' | 'sections';
  /** In display order; the keys name the groups' texts (resources.<name>.groups.<key>). */
  readonly groups: Readonly<Record<string, FieldGroupDef>>;
}

export const group = (label: Translations, fields: string[]): FieldGroupDef => ({ label, fields });

/** One tab per group: for forms long enough that a column of sections would still scroll far. */
export const tabs = (groups: Record<string, FieldGroupDef>): GroupsDef => ({ layout: 'tabs', groups });

/** One form, a titled section per group. */
export const sections = (groups: Record<string, FieldGroupDef>): GroupsDef => ({ layout: 'sections', groups });
