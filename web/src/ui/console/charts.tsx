/**
 * Hand-rolled SVG charts (product §11.11: no chart library): a bar chart and a line chart that scale
 * to their container, label the axes sparsely and describe themselves for screen readers.
 */
export interface Point {
  label: string;
  value: number;
}

const W = 600;
const H = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

function scaleMax(values: number[]) {
  const max = Math.max(1, ...values);
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / magnitude) * magnitude;
}

function Axes({ max, labels }: { max: number; labels: string[] }) {
  // Whole-number ticks only: counts and points have no halves.
  const ticks = max >= 2 && max % 2 === 0 ? [0, max / 2, max] : [0, max];
  const plotH = H - PAD.top - PAD.bottom;
  const every = Math.max(1, Math.ceil(labels.length / 6));
  const step = (W - PAD.left - PAD.right) / Math.max(1, labels.length);
  return (
    <g className="text-[10px]" fill="currentColor">
      {ticks.map((t) => {
        const y = PAD.top + plotH - (t / max) * plotH;
        return (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="currentColor" strokeOpacity={0.15} />
            <text x={PAD.left - 6} y={y + 3} textAnchor="end" opacity={0.7}>
              {Math.round(t).toLocaleString()}
            </text>
          </g>
        );
      })}
      {labels.map((l, i) =>
        i % every === 0 ? (
          <text key={l} x={PAD.left + step * i + step / 2} y={H - 8} textAnchor="middle" opacity={0.7}>
            {l}
          </text>
        ) : null,
      )}
    </g>
  );
}

export function BarChart({
  data,
  title,
  color = 'var(--color-brand)',
}: {
  data: Point[];
  title: string;
  color?: string;
}) {
  const max = scaleMax(data.map((d) => d.value));
  const plotH = H - PAD.top - PAD.bottom;
  const step = (W - PAD.left - PAD.right) / Math.max(1, data.length);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="w-full text-white">
      <title>{title}</title>
      <Axes max={max} labels={data.map((d) => d.label)} />
      {data.map((d, i) => {
        const h = (d.value / max) * plotH;
        const width = Math.min(step * 0.7, 48);
        return (
          <rect
            key={d.label}
            x={PAD.left + step * i + (step - width) / 2}
            y={PAD.top + plotH - h}
            width={width}
            height={h}
            rx={2}
            fill={color}
          >
            <title>{`${d.label}: ${d.value.toLocaleString()}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

export function LineChart({
  series,
  labels,
  title,
}: {
  series: { name: string; values: number[]; color: string }[];
  labels: string[];
  title: string;
}) {
  const max = scaleMax(series.flatMap((s) => s.values));
  const plotH = H - PAD.top - PAD.bottom;
  const step = (W - PAD.left - PAD.right) / Math.max(1, labels.length);
  const x = (i: number) => PAD.left + step * i + step / 2;
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="w-full text-white">
        <title>{title}</title>
        <Axes max={max} labels={labels} />
        {series.map((s) => (
          <polyline
            key={s.name}
            fill="none"
            stroke={s.color}
            strokeWidth={2.5}
            strokeLinejoin="round"
            points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted">
        {series.map((s) => (
          <span key={s.name} className="flex items-center gap-1.5">
            <span className="inline-block size-2.5 rounded-full" style={{ background: s.color }} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
