// Types for Vite's `?inline` CSS imports (mount.tsx adopts the widget stylesheet from a string).
/// <reference types="vite/client" />
