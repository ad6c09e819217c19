package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.syntax.HereDocument;
import io.github.providergateway.guard.shell.syntax.RedirectOperator;
import io.github.providergateway.guard.shell.syntax.Redirection;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import java.util.List;

/**
 * A command's redirections lowered from the tree: each one's operator and target word, a
 * here-string's text and a here-document's body as the resolver reads them ({@link RawRedirect}),
 * and the commands of the substitutions in them added to the command that holds them (a
 * here-document's after its command's line, as bash reads them). The state it works with (the
 * source, the word table, the lowering's bounds) is the {@link Lowering}'s.
 */
final class RedirectionLowering {
  private RedirectionLowering() {}

  /** The redirections after a compound command, on a holder of their own after it. */
  static void trailing(
      Lowering lowering, List<Redirection> redirections, int depth, List<RawCommand> out)
      throws ShellParseException {
    if (!redirections.isEmpty()) {
      RawCommand holder = new RawCommand(depth);
      redirections(lowering, redirections, holder, depth);
      out.add(holder);
    }
  }

  /** {@code redirections} added to {@code holder}, then their here-documents' substitutions. */
  static void redirections(
      Lowering lowering, List<Redirection> redirections, RawCommand holder, int depth)
      throws ShellParseException {
    for (int i = 0; i < redirections.size(); i++) {
      redirection(lowering, redirections.get(i), holder, depth);
    }
    for (int i = 0; i < redirections.size(); i++) {
      hereDocumentNests(lowering, redirections.get(i), holder, depth);
    }
  }

  /** {@code redirection} added to {@code holder}; its target's substitutions to its nests. */
  static void redirection(Lowering lowering, Redirection redirection, RawCommand holder, int depth)
      throws ShellParseException {
    RedirectOperator operator = redirection.operator();
    int at =
        redirection.start()
            + (redirection.descriptor() == null ? 0 : redirection.descriptor().length());
    HereDocument document = redirection.hereDocument();
    if (document != null) {
      // The delimiter is not expanded: no substitution of it runs.
      Word target = WordLowering.word(lowering, redirection.target(), null, depth, null);
      RawRedirect raw =
          new RawRedirect(
              operator.text(), target, document.delimiter(), document.quoted(), holder, at);
      raw.body = bodyText(lowering, document, operator == RedirectOperator.HERE_DOCUMENT_TABS);
      holder.addRedirect(raw);
      return;
    }
    Word target = WordLowering.word(lowering, redirection.target(), holder, depth, null);
    RawRedirect raw = new RawRedirect(operator.text(), target, null, false, holder, at);
    if (operator == RedirectOperator.HERE_STRING) {
      raw.body = target.text();
    }
    holder.addRedirect(raw);
  }

  /**
   * A here-document's body as the resolver reads it (a shell or interpreter fed it reads it again):
   * its lines as written, {@code <<-}'s tabs taken off, before the expansions bash makes in it.
   */
  private static String bodyText(Lowering lowering, HereDocument document, boolean stripTabs) {
    String text = lowering.source.substring(document.body().start(), document.body().end());
    return stripTabs ? SyntaxParser.stripLeadingTabs(text) : text;
  }

  /** The substitutions of an unquoted here-document's body, added to {@code holder}'s nests. */
  static void hereDocumentNests(
      Lowering lowering, Redirection redirection, RawCommand holder, int depth)
      throws ShellParseException {
    HereDocument document = redirection.hereDocument();
    if (document != null && !document.quoted()) {
      WordLowering.nests(lowering, document.body(), holder, depth);
    }
  }
}
