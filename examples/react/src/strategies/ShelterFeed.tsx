import { useKitPagination } from "@kit/api/react";
import { useEffect, useRef } from "react";
import { shelterApi } from "../shelter";

export function ShelterFeed() {
  // An infinite list: each page is added below the others when the end of the list scrolls
  // into view.
  const feed = useKitPagination((page, size) => shelterApi.listPets(page, size), {
    initialPageSize: 6,
    items: (data) => data.items,
    total: (data) => data.total,
    append: true,
  });
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLParagraphElement>(null);
  const { loadMore } = feed;
  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { root: box.current },
    );
    if (end.current) observer.observe(end.current);
    return () => observer.disconnect();
  }, [loadMore]);
  return (
    <section>
      <h2>All pets (infinite list)</h2>
      <div ref={box} data-testid="feed-box" style={{ height: 60, overflow: "auto" }}>
        <ul data-testid="feed-list">
          {feed.items.map((pet, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the mock repeats its example page
            <li key={index}>{pet.name}</li>
          ))}
        </ul>
        <p ref={end} data-testid="feed-end">
          {feed.isLastPage ? "That's all" : feed.loading ? "Loading…" : "More below"}
        </p>
      </div>
    </section>
  );
}
