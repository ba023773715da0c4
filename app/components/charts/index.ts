export { LineChart, type LineChartProps } from "./line-chart";
export { CHART_COLOURS, chartColour, linearScale, niceTicks } from "./scale";
export { StackedBarChart, type StackedBarChartProps } from "./stacked-bar-chart";
