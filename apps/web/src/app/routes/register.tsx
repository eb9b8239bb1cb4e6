/** Placeholder until its feature lands. */
export function Component() {
  return <div className="mx-auto max-w-6xl p-4" data-route="register" />;
}
