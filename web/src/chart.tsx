// An accessible chart: a title (the figure's caption), a description the chart points at with
// aria-describedby, the chart drawn by recharts, and the same data as a table in a <details>
// element, so a screen reader (or a planner who wants numbers) reads the values, not the picture.
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartDatum {
  label: string;
  value: number;
}

export function Chart(props: {
  title: string; description: string; data: readonly ChartDatum[]; labelHeader: string; valueHeader: string;
  kind?: 'bar' | 'line'; headingLevel?: 3 | 4;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const Heading = props.headingLevel === 4 ? 'h4' : 'h3';
  const data = props.data.map((d) => ({ ...d }));
  return (
    <figure className="rchart" aria-labelledby={titleId}>
      <Heading id={titleId}>{props.title}</Heading>
      <p id={descId} className="hint">{props.description}</p>
      <div className="chart-area" role="img" aria-labelledby={titleId} aria-describedby={descId}>
        <ResponsiveContainer width="100%" height={220}>
          {props.kind === 'line' ? (
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Line type="monotone" dataKey="value" name={props.valueHeader} stroke="#1f5fbf" strokeWidth={2} isAnimationActive={false} />
            </LineChart>
          ) : (
            <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Bar dataKey="value" name={props.valueHeader} fill="#1f5fbf" isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <details className="chart-data">
        <summary>Data table<span className="sr-only">: {props.title}</span></summary>
        <div className="table-wrap">
          <table>
            <caption className="sr-only">{props.title}</caption>
            <thead><tr><th scope="col">{props.labelHeader}</th><th scope="col">{props.valueHeader}</th></tr></thead>
            <tbody>
              {props.data.map((d) => <tr key={d.label}><th scope="row">{d.label}</th><td>{d.value}</td></tr>)}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
