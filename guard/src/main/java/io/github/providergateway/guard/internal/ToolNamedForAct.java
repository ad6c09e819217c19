package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The project's own tool whose name is its act, run with options only and told by them to do it for
 * sure (issue 80 round 66, for {@link ProjectToolActs}): {@code bin/payout --matter CV-0317
 * --skip-callback}, {@code scripts/send_reminders.py --cohort 2025-06 --yes}, {@code
 * ./release-funds --escrow E-12 --all}; round 67: a trade's verb last in the name ({@code
 * adm_accept.py --all-pending}, {@code reconcile.py --force-balance}); round 72: a sure act of a
 * server's tool's name ({@link ToolActs#namedForSureAct}: {@code delete_inactive_accounts.py
 * --all}, {@code suspend_merchants.py --yes}), not on what a developer's run leaves behind.
 * Decision 162 reads the act in a command word after the tool's name ({@code hlops cull ship}); a
 * tool that does one thing is named for it and takes no command, so its name is the command. Such a
 * tool is often written to preview by default and act only when told ({@code refund_bulk.py --event
 * E} is its dry run, {@code --execute} its act: the merged rounds' controls), so options alone are
 * no act; a check waived, every one reached or a go-ahead are, and decision 318 denies what they
 * make sure.
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
  private static boolean acts(Step step, List<Word> args) {
    if (args == null || args.isEmpty() || !args.get(0).text().startsWith("-")) {
      return false;
    }
    String name = name(step);
    if (name == null) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(name.toLowerCase(Locale.ROOT));
    if (parts.isEmpty() || ACTS.contains(parts.get(0))) {
      return !parts.isEmpty();
    }
    if (ToolActs.namedForSureAct(parts) && !leftovers(parts)) {
      // delete_inactive_accounts, suspend_merchants: a server's tool so named is denied (round 72)
      return true;
    }
    // adm_accept, bulk_approve: a trade's verb last, after its noun, unless the name reads or
    // builds; not daily_recall_exposure, a report named for what it shows
    return !ProjectToolActs.namedForRead(name)
        && !DevelopersCommand.named(name)
        && TradeVerbs.verb(parts.get(parts.size() - 1));
  }

  /**
   * Whether the tool is named for an act, given options only, and told by them to reach every one,
   * to skip one of its checks or to go ahead ({@link ActReach}).
   *
   * @param scan the call
   * @param step the program, the project's own tool
   * @param args the tool's own words
   * @return whether its act is sure
   */
  static boolean sure(Scan scan, Step step, List<Word> args) {
    if (!acts(step, args)) {
      return false;
    }
    for (Word word : args) {
      if (ShapeWords.EVERYTHING.contains(word.text().toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return ActReach.everyOne(args)
        || ActReach.waivesCheck(args)
        || forced(args)
        || ActReach.toldToGoLive(scan, args);
  }

  /**
   * Whether an option forces the act's outcome ({@code --force-balance}, {@code --force-close}):
   * what the tool would refuse, done anyway (round 67's trust reconciliation).
   */
  private static boolean forced(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (text.length() < 48 && text.startsWith("--force-") && text.length() > 8) {
        return true;
      }
    }
    return false;
  }

  /** What a developer's own run leaves behind, which a script named for deleting it may clear. */
  private static final Set<String> LEFTOVERS =
      NameSet.of("tmp", "temp", "artifacts", "artefacts", "dist", "logs", "pycache", "coverage");

  private static boolean leftovers(List<String> parts) {
    for (String part : parts) {
      if (LEFTOVERS.contains(part)) {
        return true;
      }
    }
    return false;
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
