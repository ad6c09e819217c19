package io.github.providergateway.guard.internal;

/** Where a path is, for the rules that delete, move or change many files. */
public enum Place {
  /** The root folder, or a glob over it ({@code /}, {@code /*}). */
  ROOT,
  /** A top-level system folder ({@code /etc}, {@code /usr}, …), or a glob over one. */
  SYSTEM,
  /** The user's home, a glob over it, or a folder that holds it ({@code /home}). */
  HOME,
  /** In the gateway's home: its tokens and settings. */
  GATEWAY,
  /** The session's project folder itself, or a glob over all of it. */
  PROJECT,
  /** Under the session's project folder. */
  INSIDE,
  /** Under a temporary folder: free to delete. */
  TEMP,
  /** Anywhere else. */
  OUTSIDE,
  /** A path the guard cannot know ({@code $DIR}, a relative path with no folder): outside. */
  UNKNOWN;

  /** {@return whether deleting here is fine without asking (inside the project or a temp dir)} */
  public boolean free() {
    return this == INSIDE || this == TEMP;
  }
}
