export function App() {
  return (
    <main className="screen">
      <h1>Driver</h1>
    </main>
  );
}
