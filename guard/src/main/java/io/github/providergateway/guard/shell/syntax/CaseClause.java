package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * {@code case word in pattern) list;; … esac}: the first item whose pattern matches the word runs,
 * then (by its terminator) the next, or the next that matches.
 *
 * @param subject the word matched
 * @param items the items, in order; empty for {@code case x in esac}
 * @param redirections the redirections after the {@code esac}
 * @param start the offset of the {@code case}
 * @param end the offset after the {@code esac} or its last redirection
 */
public record CaseClause(
    WrittenWord subject, List<CaseItem> items, List<Redirection> redirections, int start, int end)
    implements CompoundCommand {

  /**
   * Checks and copies.
   *
   * @param subject the word matched
   * @param items the items, in order
   * @param redirections the redirections after the {@code esac}
   * @param start the offset of the {@code case}
   * @param end the offset after the {@code esac} or its last redirection
   */
  public CaseClause {
    requireNonNull(subject, "subject");
    items = FixedList.of(items);
    redirections = FixedList.of(redirections);
  }
}
