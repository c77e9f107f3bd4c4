/**
 * FullId shows an id whole, in a fixed-width face, selected with one click so it copies
 * cleanly: eight characters collide once there are a million orders (issue 30).
 */
export function FullId({ id }: { id: string }) {
  return <span className="font-mono text-xs break-all select-all">{id}</span>;
}
