/** A company staff can pick (the console's list of companies, passed in by the page). */
export type CompanyOption = { id: string; name: string };

/** The company field of the assign and explain forms; "Loading companies…" until they arrive. */
export function CompanySelect({ companies }: { companies: CompanyOption[] | undefined }) {
  return (
    <label className="form-control md:col-span-2">
      <span className="label-text">Company</span>
      <select name="companyId" required className="select select-bordered w-full" defaultValue="">
        <option value="" disabled>
          {companies === undefined ? 'Loading companies…' : 'Choose a company'}
        </option>
        {companies?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
