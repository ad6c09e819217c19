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

  /**
   * {@return whether the program changes only the file's metadata or makes it empty: chmod, chown,
   * touch and mkdir write nothing a secret or a program is made of}
   */
  public boolean metadataOnly() {
    if (invocation == null || invocation.words().isEmpty()) {
      return false;
    }
    // The program's word ends with one of the names, whole or after a folder: asked of every access
    // by rules tried on every program, so read without cutting the word.
    String word = invocation.words().get(0).text();
    return named(word, "chmod")
        || named(word, "chown")
        || named(word, "chgrp")
        || named(word, "touch")
        || named(word, "mkdir");
  }

  /** Whether a program's word, as written, names this program ({@link Invocation#program()}). */
  private static boolean named(String word, String program) {
    int at = word.length() - program.length();
    return word.endsWith(program) && (at == 0 || word.charAt(at - 1) == '/');
  }
}
