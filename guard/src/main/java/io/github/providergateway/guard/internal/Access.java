package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;

/**
 * A file a call reads, writes or deletes, as far as the guard knows the program.
 *
 * @param kind read, write or delete
 * @param target the path
 * @param invocation the program, or {@code null} for a file tool
 */
public record Access(Kind kind, Target target, Invocation invocation) {

  /** What the call does to the file. */
  public enum Kind {
    /** Reads it, copies it or sends it. */
    READ,
    /** Changes or creates it. */
    WRITE,
    /** Removes it (or moves it away). */
    DELETE
  }

  /** {@return whether the call changes the file} */
  public boolean changes() {
    return kind != Kind.READ;
  }
}
