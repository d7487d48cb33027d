/** 'Show more (N left)' under a list cut at `shown` of `total` rows; nothing when all are shown. `onMore` shows the next page. */
export function ShowMore({ total, shown, onMore, className = 'button' }: { total: number; shown: number; onMore: () => void; className?: string }) {
  if (total <= shown) return null;
  return (
    <button type="button" className={className} onClick={onMore}>
      Show more ({total - shown} left)
    </button>
  );
}
