package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every built-in rule, and the scan that finds them in a call. The rule {@code guard.unreadable} (a
 * command past a bound or not shell) is decided before any scan, by the guard.
 */
public final class Catalogue {
  /** A command the parser will not read: denied, never allowed. */
  public static final BuiltinRule UNREADABLE = RuleBook.rule("guard.unreadable");

  /**
   * An act a rule asks about that its own words make sure (decision 318): decided by the guard over
   * the asking rule's hit ({@link EscalatedActs}), never found alone.
   */
  public static final BuiltinRule ESCALATED = RuleBook.rule("shapes.asked-act-escalated");

  /**
   * The clauses found where their code was, so that a program meeting two rules is still first
   * found by the same one (which a verdict names when both decide alike).
   */
  private static final BookRules FILES =
      new BookRules(
          RuleBook.specs(), "fs.write-system", "fs.shell-startup", "fs.write-outside-project");

  private static final BookRules GIT =
      new BookRules(RuleBook.specs(), "git", "publish.push-elsewhere");

  private static final BookRules BUILDS =
      new BookRules(RuleBook.specs(), "publish.maven", "publish.image");

  private static final BookRules PERSIST =
      new BookRules(
          RuleBook.specs(),
          "persist.scheduled-job",
          "persist.service",
          "persist.autostart",
          "persist.path-shadow",
          "persist.git-global",
          "persist.startup-hijack",
          "persist.startup-code",
          "persist.package-source");

  private static final BookRules PRINTED =
      new BookRules(
          RuleBook.specs(),
          "secrets.cli-token",
          "secrets.store-printed",
          "secrets.variable-printed",
          "secrets.credential-helper");

  /** The secret rules but the printed ones: their programs, and the files that hold secrets. */
  private static final BookRules SECRETS = BookRules.family(RuleBook.specs(), "secrets", PRINTED);

  private static final BookRules REMOTE = new BookRules(RuleBook.specs(), "remote");

  private static final BookRules INFRA =
      new BookRules(
          RuleBook.specs(),
          "infra",
          "db",
          "cloud.bucket-delete",
          "cloud.sync-delete",
          "cloud.delete");

  private static final BookRules FORK_BOMB = new BookRules(RuleBook.specs(), "system.fork-bomb");

  /**
   * The acting verbs of a program the book names that no rule matched (decision 136), a cloud CLI's
   * operation that changes the account (decision 190), and typed code that does not only read
   * (decision 312), found last, after the shapes too: they read only a program every other rule
   * left alone.
   */
  private static final BookRules UNJUDGED =
      BookRules.afterTheOthers(
          RuleBook.specs(),
          "verbs.named-acts",
          "cloud.account-change",
          "shapes.code-not-only-reads");

  /**
   * The shapes.* rules (decision 113), found after every other rule, the word patterns too: a shape
   * answers only what no named rule found first, and every named rule keeps its id.
   */
  private static final BookRules SHAPES = BookRules.family(RuleBook.specs(), "shapes", UNJUDGED);

  private static final BookRules SYSTEM =
      new BookRules(RuleBook.specs(), "system.shutdown", "system.kill-all", "system.sudo");

  /** The clauses a family's code tries in its loop over the programs, where the code was. */
  private static final BookRules REPO_DELETE =
      BookRules.triedInALoop(RuleBook.specs(), "cloud.repo-delete");

  private static final BookRules DISKS =
      BookRules.triedInALoop(
          RuleBook.specs(),
          "fs.mkfs",
          "fs.wipefs",
          "fs.partition",
          "fs.shred",
          "fs.rsync-delete",
          "fs.crontab-remove");

  private static final BookRules TOOLS = new BookRules(RuleBook.specs(), "tools");

  private static final BookRules EXEC = new BookRules(RuleBook.specs(), "exec");

  private static final List<Family> FAMILIES =
      List.of(
          new FileRules(DISKS),
          DISKS,
          FILES,
          GIT,
          SECRETS,
          PRINTED,
          REMOTE,
          INFRA,
          BUILDS,
          PERSIST,
          new HostingRules(REPO_DELETE),
          REPO_DELETE,
          FORK_BOMB,
          SYSTEM,
          new SelfRules(),
          new InlineRules(),
          TOOLS,
          EXEC,
          new FlowRules(),
          new WrittenRules(),
          new DeferredRules(),
          new OutRules(),
          // Every other rule with when clauses (a new one), then the word patterns.
          BookRules.except(
              RuleBook.specs(),
              FILES,
              GIT,
              SECRETS,
              PRINTED,
              REMOTE,
              INFRA,
              BUILDS,
              PERSIST,
              DISKS,
              REPO_DELETE,
              FORK_BOMB,
              SYSTEM,
              TOOLS,
              EXEC,
              SHAPES,
              UNJUDGED),
          new DeclaredRules(RuleBook.specs()),
          SHAPES,
          UNJUDGED);

  private static final Map<String, BuiltinRule> BY_ID;

  static {
    // The book lists every rule; each is found by the family its spec names (the declared ones by
    // their patterns), and a family finds no rule the book does not list: a rule missing from
    // either side fails here, at the first guard, not in a decision.
    Map<String, String> claimedBy = new LinkedHashMap<>();
    for (Family family : FAMILIES) {
      String name = family.code();
      for (BuiltinRule rule : family.rules()) {
        RuleSpec.Match match = RuleBook.specOf(rule.id()).matches();
        if (!java.util.Objects.equals(match.code(), name) || RuleBook.rule(rule.id()) != rule) {
          throw new IllegalStateException(
              rule.id()
                  + " is found by "
                  + family.getClass().getSimpleName()
                  + ", its spec says "
                  + match.description());
        }
        if (claimedBy.put(rule.id(), family.getClass().getSimpleName()) != null) {
          throw new IllegalStateException("two families find " + rule.id());
        }
      }
    }
    Map<String, BuiltinRule> byId = new LinkedHashMap<>();
    for (RuleSpec spec : RuleBook.specs()) {
      String id = spec.rule().id();
      if (!claimedBy.containsKey(id) && !"Guard".equals(spec.matches().code())) {
        throw new IllegalStateException(
            id + ": no family finds it (" + spec.matches().description() + ")");
      }
      byId.put(id, spec.rule());
    }
    BY_ID = Collections.unmodifiableMap(byId);
  }

  private Catalogue() {}

  /** {@return every built-in rule, by family} */
  public static List<BuiltinRule> all() {
    return new ArrayList<>(BY_ID.values());
  }

  /**
   * The built-in rule of an id.
   *
   * @param id the id
   * @return the rule, or {@code null}
   */
  public static BuiltinRule byId(String id) {
    return BY_ID.get(id);
  }

  /**
   * Makes every named predicate no decision has asked for yet, a source at a time (decision 329): a
   * decision makes only those of the clauses it tries, so a guard's warm-up makes the rest before a
   * real call could wait for them, and a class-data archive trained on it holds them all.
   *
   * @param asked whether a real call has begun: then no more are made
   */
  public static void makeEveryPredicate(java.util.function.BooleanSupplier asked) {
    Where.makeEvery(asked);
  }

  /**
   * Finds every built-in rule a call matches, whatever the preset.
   *
   * @param scan the call
   * @return the matches, in the order found
   */
  public static List<Hit> scan(Scan scan) {
    for (Family family : FAMILIES) {
      family.scan(scan);
    }
    return scan.hits();
  }
}
