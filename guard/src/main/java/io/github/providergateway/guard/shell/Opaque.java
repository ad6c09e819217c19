package io.github.providergateway.guard.shell;

import static java.util.Objects.requireNonNull;

/**
 * A place where the command runs something the parse cannot read (issue 60: "opaque is not
 * harmless"): a program whose name is computed at run time ({@code $CMD}, {@code $(…) args}), code
 * handed to a program that runs it but not written in the command ({@code eval "$X"}, {@code script
 * -c "$X"}, a shell reading what an unknown program prints), code carried in an environment
 * variable that programs run ({@code GIT_PAGER="$X"}), or a program made, linked, copied or renamed
 * in the same call and run there. A literal program the guard does not know ({@code ./gradlew}) is
 * not opaque: it is a program, and it is read as one.
 *
 * @param kind what cannot be read
 * @param invocation the program the opaque code belongs to: the one whose name is computed, or the
 *     runner handed the code
 * @param what what cannot be read, as written ({@code $CMD}, {@code GIT_PAGER=$X})
 */
public record Opaque(Kind kind, Invocation invocation, String what) {

  /** What the parse could not read. */
  public enum Kind {
    /** A program's name computed at run time: a variable, a substitution, a glob. */
    COMPUTED_PROGRAM,
    /** Code handed to a program that runs it, not written in the command. */
    COMPUTED_CODE,
    /** Code a program runs from its standard input, printed by a program the guard cannot read. */
    COMPUTED_INPUT,
    /** Code in an environment variable that programs run, not written in the command. */
    CARRIED_CODE,
    /** A program made, linked, copied or renamed in this call, then run in it. */
    MADE_PROGRAM
  }

  /**
   * Checks.
   *
   * @param kind what cannot be read
   * @param invocation the program the opaque code belongs to
   * @param what what cannot be read, as written
   */
  public Opaque {
    requireNonNull(kind, "kind");
    requireNonNull(invocation, "invocation");
    requireNonNull(what, "what");
  }
}
