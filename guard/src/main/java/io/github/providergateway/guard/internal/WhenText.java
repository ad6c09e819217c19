package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import java.util.ArrayList;
import java.util.List;

/**
 * A rule's when clauses as the docs' rule table shows them: {@code `git push` with -f or --force},
 * clauses apart by {@code ;}.
 */
final class WhenText {
  private WhenText() {}

  /** {@return the clauses in words} */
  static String of(List<When> clauses) {
    List<String> out = new ArrayList<>();
    for (When when : clauses) {
      out.add(of(when));
    }
    return String.join("; ", out);
  }

  private static String of(When when) {
    if (when.files() != null) {
      RuleSpec.Files files = when.files();
      String by =
          when.programs().contains("*") ? "" : " by `" + String.join("`/`", when.programs()) + "`";
      String verb = files.kind().equals("secret") ? "reads or writes" : files.kind();
      String what =
          files.place() != null
              ? verb + " a file in the place " + files.place() + by
              : verb + " `" + String.join("`, `", files.places()) + "`" + by;
      if (!files.metadata()) {
        what += ", not its mode or time alone";
      }
      return files.shellWrites() ? what : what + ", writing by the file tools only";
    }
    if (when.call()) {
      return "the call, where " + when.where();
    }
    if (!when.unread().isEmpty()) {
      return "what the parse could not read: "
          + String.join(" or ", when.unread())
          + (when.where() == null ? "" : ", where " + when.where());
    }
    StringBuilder out = new StringBuilder("`");
    // "" is a command of redirections alone (: > f without its colon: > f)
    out.append(
        String.join(
            "`/`", when.programs().stream().map(p -> p.isEmpty() ? "> file alone" : p).toList()));
    if (!when.subcommands().isEmpty()) {
      out.append(' ').append(String.join("`/`", when.subcommands()));
    }
    if (!when.next().isEmpty()) {
      out.append(' ').append(String.join("`/`", when.next()));
    }
    if (!when.then().isEmpty()) {
      out.append(' ').append(String.join("`/`", when.then()));
    }
    out.append('`');
    List<String> parts = new ArrayList<>();
    if (!when.any().isEmpty()) {
      parts.add("with " + options(when.any()));
    }
    if (!when.also().isEmpty()) {
      parts.add("and " + options(when.also()));
    }
    if (!when.none().isEmpty()) {
      parts.add("without " + options(when.none()));
    }
    if (when.positionals() > 0) {
      parts.add("at least " + when.positionals() + " positional");
    }
    if (!when.words().isEmpty()) {
      parts.add("given `" + String.join("` or `", when.words()) + "`");
    }
    if (!when.noWords().isEmpty()) {
      parts.add("not given `" + String.join("` or `", when.noWords()) + "`");
    }
    if (when.where() != null) {
      parts.add("where " + when.where());
    }
    if (when.anywhere() && (!when.any().isEmpty() || !when.none().isEmpty())) {
      parts.add("options anywhere");
    }
    if (!parts.isEmpty()) {
      out.append(' ').append(String.join(", ", parts));
    }
    return out.toString();
  }

  private static String options(List<String> names) {
    List<String> shown = new ArrayList<>();
    for (String name : names) {
      shown.add((name.length() == 1 ? "-" : "--") + name);
    }
    return String.join(" or ", shown);
  }
}
