// A uPlot chart as a Preact component: made when it mounts (or its options change), fed new data in place, resized
// with its box, destroyed when it unmounts. uPlot sizes its elements through the CSSOM, which the service's
// Content-Security-Policy allows (it forbids style="" attributes in HTML, not el.style).
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { keyboardLegend } from './keyboard-legend.js';

export interface PlotProps {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  /** What the chart shows: the figure's caption. */
  caption: string;
  height?: number;
}

const widthOf = (el: HTMLElement) => Math.max(320, el.clientWidth || 800);

export function Plot({ options, data, caption, height = 260 }: PlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | undefined>(undefined);
  const latest = useRef(data);
  latest.current = data;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const u = new uPlot({ ...options, width: widthOf(el), height }, latest.current, el);
    plot.current = u;
    keyboardLegend(el);
    const resize = new ResizeObserver(() => u.setSize({ width: widthOf(el), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = undefined;
    };
  }, [options, height]);
  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);
  return (
    <figure class="plot">
      <div ref={box} />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
