package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A command of the project's own tool that is a developer's (decision 162): the project built,
 * checked, served, drawn or computed on this machine ({@code build}, {@code render}, {@code
 * gen:types}). Decision 168 (the red team of 162–166): only where the developer's word is the
 * command, not where it names a trade's thing the next word acts on ({@code profile update}) or is
 * joined to an act ({@code compute-and-pay}, {@code profile-update}).
 */
final class DevelopersCommand {
  private DevelopersCommand() {}

  /**
   * A command's first word that is a developer's: the project built, checked, served, drawn or
   * computed on this machine (the first part of the word: {@code build-docs}, {@code gen:types}).
   */
  static final Set<String> WORDS =
      NameSet.of(
          "build",
          "rebuild",
          "fmt",
          "typecheck",
          "render",
          "draft",
          "generate",
          "gen",
          "codegen",
          "docs",
          "doc",
          "serve",
          "dev",
          "bench",
          "benchmark",
          "profile",
          "simulate",
          "sim",
          "init",
          "setup",
          "bootstrap",
          "install",
          "clean",
          "new",
          "scaffold",
          "bundle",
          "package",
          "pack",
          "convert",
          "parse",
          "lookup",
          "calc",
          "calculate",
          "compute",
          "forecast",
          "score",
          "summarize",
          "summarise",
          "mock",
          "selftest",
          "smoke",
          "demo");

  /** Whether the command at {@code command} of {@code args} is a developer's. */
  static boolean is(List<Word> args, int command) {
    List<String> parts = ServiceVerbs.split(args.get(command).text());
    if (!WORDS.contains(parts.get(0))) {
      return false;
    }
    for (int p = 1; p < parts.size(); p++) {
      String part = parts.get(p);
      if (part.equals("and") || part.equals("then") || acts(part)) {
        return false; // compute-and-pay, profile-update
      }
    }
    if (command + 1 < args.size()) {
      Word next = args.get(command + 1);
      List<String> nextParts = ServiceVerbs.split(next.text());
      return !(next.literal() && nextParts.size() == 1 && acts(nextParts.get(0))); // profile update
    }
    return true;
  }

  /** Whether {@code name}'s first part is a developer's ({@code build_batch}). */
  static boolean named(String name) {
    return WORDS.contains(ServiceVerbs.split(name).get(0));
  }

  /**
   * A part that acts: a verb the shapes know, or one that moves a record's state; not a setting
   * verb, as often a developer's noun ({@code build-release}, {@code gen-schedule}).
   */
  static boolean acts(String part) {
    return ShapeWords.VERBS.contains(part)
        || ShapeWords.STRONG.contains(part)
        || ToolChanges.MOVES.contains(part);
  }
}
