import { nounFor, singularOf } from '../../lib/plural';

/**
 * A paged list's last line, once every page is read; `noun` is the plural, its singular said for
 * one item ("1 post", "1 delivery"). A module of its own: the 3D queue, on the first page, ends its
 * list its own way.
 */
export function ListEnd({ count, noun }: { count: number; noun: string }) {
  return (
    <p className="p-4 text-center text-xs text-muted" role="status">
      End of the list · {count.toLocaleString('en-US')} {nounFor(count, singularOf(noun), noun)}
    </p>
  );
}
