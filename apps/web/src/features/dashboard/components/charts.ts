import '@mantine/charts/styles.css';

// The charts and recharts, in a chunk of their own loaded by the dashboard only (never by public code).
export { BucketsChart } from './BucketsChart.tsx';
export { CollectionsChart } from './CollectionsChart.tsx';
