// The statistics screen's charts. recharts is imported here and only here, and this
// file only by the lazily loaded statistics route, so the chart library never weighs
// on the entry or on another screen.
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/page';

export interface ChartPoint {
  period: string;
  bookings: number;
  revenue: number;
  occupancy: number;
  avgHours: number;
}

interface ChartsProps {
  points: ChartPoint[];
  titles: { revenue: string; bookings: string; occupancy: string; avgHours: string };
  formatMoney: (euros: number) => string;
  /** A figure (or, with percent, a share) in the operator's language. */
  formatNumber: (n: number, percent?: boolean) => string;
}

const height = 220;

function ChartCard({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <Card className="grid gap-3 p-4 md:p-5">
      <h3 className="font-medium">{title}</h3>
      <div style={{ height }} role="img" aria-label={title}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

/** StatisticsCharts draws revenue and bookings as bars, occupancy and average rental length as lines, per period. */
export default function StatisticsCharts({ points, titles, formatMoney, formatNumber }: ChartsProps) {
  const axis = { fontSize: 12, tickLine: false, axisLine: false } as const;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-charts>
      <ChartCard title={titles.revenue}>
        <BarChart data={points} margin={{ left: 0, right: 8, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" {...axis} minTickGap={16} />
          <YAxis {...axis} width={56} />
          <Tooltip formatter={(v) => formatMoney(Number(v))} />
          <Bar dataKey="revenue" name={titles.revenue} fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard title={titles.bookings}>
        <BarChart data={points} margin={{ left: 0, right: 8, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" {...axis} minTickGap={16} />
          <YAxis {...axis} width={40} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="bookings" name={titles.bookings} fill="var(--color-chart-2, #0ea5e9)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard title={titles.occupancy}>
        <LineChart data={points} margin={{ left: 0, right: 8, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" {...axis} minTickGap={16} />
          <YAxis {...axis} width={40} unit="%" />
          <Tooltip formatter={(v) => formatNumber(Number(v), true)} />
          <Line type="monotone" dataKey="occupancy" name={titles.occupancy} stroke="var(--color-primary)" strokeWidth={2} dot={false} />
        </LineChart>
      </ChartCard>
      <ChartCard title={titles.avgHours}>
        <LineChart data={points} margin={{ left: 0, right: 8, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" {...axis} minTickGap={16} />
          <YAxis {...axis} width={40} />
          <Tooltip formatter={(v) => formatNumber(Number(v))} />
          <Line type="monotone" dataKey="avgHours" name={titles.avgHours} stroke="#f59e0b" strokeWidth={2} dot={false} />
        </LineChart>
      </ChartCard>
    </div>
  );
}
