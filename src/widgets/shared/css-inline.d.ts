// Types for Vite's `?inline` CSS imports: each widget's mount.tsx hands its stylesheet to
// shared/mount.tsx as a string, which adopts it.
/// <reference types="vite/client" />
