/** Page stub, filled in by the next commit. */
export function Component() {
  return <div className="page narrow" />;
}
