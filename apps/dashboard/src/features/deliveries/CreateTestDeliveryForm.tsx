import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../components/ErrorMessage';
import { useCreateTestDelivery, type TestScenario } from './deliveries-api';

const SCENARIOS: Array<{ value: TestScenario | ''; label: string }> = [
  { value: '', label: 'Delivered on time' },
  { value: 'driver_no_show', label: 'Driver no-show (assigned late)' },
  { value: 'slow_pickup', label: 'Slow pickup' },
  { value: 'recipient_unavailable', label: 'Recipient unavailable (fails)' },
  { value: 'id_check_failed', label: 'ID check failed (fails)' },
  { value: 'return_to_pickup', label: 'Returned to pickup' },
  { value: 'reroute_declined', label: 'Reroute declined' },
];

/** Test mode only: a quote and a delivery in one step, moving through the chosen scenario on its own. */
export function CreateTestDeliveryForm() {
  const create = useCreateTestDelivery();
  const [pickup, setPickup] = useState('1 Queen St E, Toronto, ON M5C 2W5');
  const [dropoff, setDropoff] = useState('290 Bremner Blvd, Toronto, ON M5V 3L9');
  const [recipient, setRecipient] = useState('Test Recipient');
  const [phone, setPhone] = useState('416 555 0142');
  const [reference, setReference] = useState('');
  const [scenario, setScenario] = useState<TestScenario | ''>('');

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ pickup, dropoff, recipient, phone, reference, scenario });
  }

  return (
    <section aria-labelledby="create-test-delivery">
      <h2 id="create-test-delivery">Create a test delivery</h2>
      <form onSubmit={submit} className="stacked">
        <label>
          Pickup address
          <input required value={pickup} onChange={(e) => setPickup(e.target.value)} />
        </label>
        <label>
          Dropoff address
          <input required value={dropoff} onChange={(e) => setDropoff(e.target.value)} />
        </label>
        <label>
          Recipient name
          <input required value={recipient} onChange={(e) => setRecipient(e.target.value)} />
        </label>
        <label>
          Recipient phone
          <input required type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </label>
        <label>
          External reference (optional)
          <input value={reference} onChange={(e) => setReference(e.target.value)} />
        </label>
        <label>
          Scenario
          <select value={scenario} onChange={(e) => setScenario(e.target.value as TestScenario | '')}>
            {SCENARIOS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create test delivery'}
        </button>
      </form>
      {create.error ? <ErrorMessage error={create.error} /> : null}
      {create.data ? (
        <p role="status">
          Created <Link to={`/deliveries/${create.data.id}`}>{create.data.id}</Link>.
        </p>
      ) : null}
    </section>
  );
}
