package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * One item of a {@link CaseClause}: {@code a|b) list ;;}.
 *
 * @param patterns the patterns, in order: one or more
 * @param body the statements run when one matches; may be empty
 * @param terminator what ends it
 * @param start the offset of its first pattern (or of its opening {@code (})
 * @param end the offset after its terminator, or after its body when {@code esac} ends it
 */
public record CaseItem(
    List<WrittenWord> patterns, List<Statement> body, Terminator terminator, int start, int end)
    implements Node {

  /** What ends an item, and so what runs after it. */
  public enum Terminator {
    /** {@code ;;}: nothing more. */
    BREAK(";;"),
    /** {@code ;&}: the next item's body too. */
    FALL_THROUGH(";&"),
    /** {@code ;;&}: the next item whose pattern matches. */
    CONTINUE(";;&"),
    /** The {@code esac} after the last item, with no terminator before it. */
    ESAC("");

    private final String text;

    Terminator(String text) {
      this.text = text;
    }

    /** {@return the terminator as written; empty for {@link #ESAC}} */
    public String text() {
      return text;
    }
  }

  /**
   * Checks and copies.
   *
   * @param patterns the patterns, in order: one or more
   * @param body the statements run when one matches
   * @param terminator what ends it
   * @param start the offset of its first pattern (or of its opening {@code (})
   * @param end the offset after its terminator, or after its body
   */
  public CaseItem {
    patterns = FixedList.of(patterns);
    body = FixedList.of(body);
    requireNonNull(terminator, "terminator");
    if (patterns.isEmpty()) {
      throw new IllegalArgumentException("a case item has a pattern at least");
    }
  }
}
