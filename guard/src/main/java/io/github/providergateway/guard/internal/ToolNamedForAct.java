package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The project's own tool whose name is its act, run with options only (issue 80 round 66, for
 * {@link ProjectToolActs}): {@code bin/payout --matter CV-0317}, {@code scripts/send_reminders.py
 * --cohort 2025-06}, {@code ./release-funds --escrow E-12}. Decision 162 reads the act in a command
 * word after the tool's name ({@code hlops cull ship}); a tool that does one thing is named for it
 * and takes no command, so its name is the command. Where it is also told to skip one of its checks
 * ({@code --skip-callback}), decision 318 makes the act sure.
 */
final class ToolNamedForAct {
  private ToolNamedForAct() {}

  /**
   * Acting verbs a tool's name may begin with: money paid or released, something sent or published,
   * a record signed, voided or destroyed. Not a developer's (build, test, deploy, which other rules
   * read), nor {@code post} ({@code post-build}).
   */
  private static final Set<String> ACTS =
      NameSet.of(
          "pay",
          "payout",
          "payouts",
          "disburse",
          "release",
          "transfer",
          "refund",
          "remit",
          "wire",
          "settle",
          "send",
          "publish",
          "broadcast",
          "notify",
          "mail",
          "email",
          "submit",
          "approve",
          "sign",
          "seal",
          "void",
          "revoke",
          "cancel",
          "purge",
          "wipe",
          "erase",
          "destroy",
          "terminate",
          "dispatch",
          "charge");

  /**
   * Whether the tool is named for an act and given options only, at least one.
   *
   * @param step the program, the project's own tool ({@link ProjectTools#own})
   * @param args the tool's own words
   * @return whether its name is the act it is run for
   */
  static boolean acts(Step step, List<Word> args) {
    if (args == null || args.isEmpty() || !args.get(0).text().startsWith("-")) {
      return false;
    }
    String name = name(step);
    if (name == null) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(name.toLowerCase(Locale.ROOT));
    return !parts.isEmpty() && ACTS.contains(parts.get(0));
  }

  /** The tool's name without its folders and extension: a script's, a module's, the program's. */
  private static String name(Step step) {
    String path;
    if (ScriptRun.runs(step)) {
      List<Word> all = step.args();
      int start = ScriptRun.start(all);
      if (start < 0 || start >= all.size()) {
        return null;
      }
      path = all.get(start).text();
      if (path.equals("-m") && start + 1 < all.size()) {
        String module = all.get(start + 1).text();
        path = module.substring(module.lastIndexOf('.') + 1);
      }
    } else {
      List<Word> words = step.invocation().words();
      if (words.isEmpty()) {
        return null;
      }
      path = words.get(0).text();
    }
    String file = path.substring(path.lastIndexOf('/') + 1);
    int dot = file.indexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }
}
