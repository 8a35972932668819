/**
 * A paged list's last line, once every page is read; `noun` is the plural, a trailing "s" is
 * dropped for one item ("1 post"). A module of its own: the 3D queue, on the first page, ends its
 * list its own way.
 */
export function ListEnd({ count, noun }: { count: number; noun: string }) {
  return (
    <p className="p-4 text-center text-xs text-muted" role="status">
      End of the list · {count.toLocaleString('en-US')} {count === 1 ? noun.replace(/s$/, '') : noun}
    </p>
  );
}
