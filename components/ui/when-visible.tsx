"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders `children` once its place comes within `rootMargin` of the viewport, and `placeholder`
 * (of the same height) until then. For content below the first view whose code is large (the
 * Recharts charts, about 100 KiB compressed): it loads as the analyst scrolls towards it, not with
 * the page (docs/architecture.md, "The console"). Once shown it stays.
 */
export function WhenVisible({
  children,
  placeholder,
  rootMargin = "100px 0px",
}: {
  children: ReactNode;
  placeholder: ReactNode;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    // printing shows the whole page: the charts too
    const print = () => setVisible(true);
    window.addEventListener("beforeprint", print);
    return () => {
      observer.disconnect();
      window.removeEventListener("beforeprint", print);
    };
  }, [visible, rootMargin]);
  return <div ref={ref}>{visible ? children : placeholder}</div>;
}
