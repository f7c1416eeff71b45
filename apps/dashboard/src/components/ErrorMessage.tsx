/** A failed load or change, announced to screen readers as it appears. */
export function ErrorMessage({ error, id }: { error: Error; id?: string }) {
  return (
    <p role="alert" className="error" id={id}>
      {error.message}
    </p>
  );
}
