/** The Search box above an admin list of people: it matches a name, e-mail, phone or address as typed. */
export function SearchField({ id, value, onChange }: { id: string; value: string; onChange: (query: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Search</label>
      <input id={id} type="search" value={value} placeholder="Name, e-mail, phone or address" onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
