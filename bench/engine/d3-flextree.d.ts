// Minimal typing for the parts of d3-flextree the benchmark uses (the package ships none).
declare module 'd3-flextree' {
  export interface FlexNode<T> {
    data: T;
    x: number;
    y: number;
    children?: FlexNode<T>[];
    each(fn: (n: FlexNode<T>) => void): void;
  }
  export interface FlexLayout<T> {
    (root: FlexNode<T>): FlexNode<T>;
    hierarchy(data: T, children?: (d: T) => T[] | undefined): FlexNode<T>;
  }
  export function flextree<T>(opts?: {
    nodeSize?: (n: FlexNode<T>) => [number, number];
    spacing?: number | ((a: FlexNode<T>, b: FlexNode<T>) => number);
  }): FlexLayout<T>;
}
