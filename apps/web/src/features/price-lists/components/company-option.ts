/** A company staff can pick (the console's list of companies, passed in by the page). */
export type CompanyOption = { id: string; name: string };
