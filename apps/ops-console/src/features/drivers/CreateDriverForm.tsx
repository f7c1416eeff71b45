import { type FormEvent, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDriver, type CreatedDriver, type NewDriver } from './drivers-api';
import { PROVINCES, VEHICLES } from './driver-options';

const EMPTY: NewDriver = { name: '', phone: '', vehicle: 'car', home_province: 'ON' };

/** A new driver; its token is shown this once, to hand to the driver (it is kept only as a hash). */
export function CreateDriverForm() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<NewDriver>(EMPTY);
  const [created, setCreated] = useState<CreatedDriver | null>(null);
  const create = useMutation({
    mutationFn: createDriver,
    onSuccess: (result) => {
      setCreated(result);
      setDraft(EMPTY);
      void queryClient.invalidateQueries({ queryKey: ['drivers'] });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    create.mutate(draft);
  }

  return (
    <section className="panel" aria-labelledby="new-driver">
      <h2 id="new-driver">New driver</h2>
      <form className="inline-form" onSubmit={submit}>
        <label>
          Name
          <input value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} required maxLength={200} />
        </label>
        <label>
          Phone
          <input type="tel" value={draft.phone} onChange={(event) => setDraft({ ...draft, phone: event.target.value })} required />
        </label>
        <label>
          Vehicle
          <select value={draft.vehicle} onChange={(event) => setDraft({ ...draft, vehicle: event.target.value as NewDriver['vehicle'] })}>
            {VEHICLES.map((vehicle) => (
              <option key={vehicle}>{vehicle}</option>
            ))}
          </select>
        </label>
        <label>
          Home province
          <select value={draft.home_province} onChange={(event) => setDraft({ ...draft, home_province: event.target.value as NewDriver['home_province'] })}>
            {PROVINCES.map((province) => (
              <option key={province}>{province}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary" disabled={create.isPending}>
          Create driver
        </button>
      </form>
      {create.error && (
        <p className="error" role="alert">
          {create.error.message}
        </p>
      )}
      {created && (
        <div className="notice" role="status">
          <p>
            <strong>{created.driver.name}</strong> is created. Hand this token to the driver now: it is not shown again.
          </p>
          <output aria-label="Driver token" className="token">
            {created.token}
          </output>
        </div>
      )}
    </section>
  );
}
