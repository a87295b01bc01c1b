public enum MasonryLayoutPlaceholder {}
