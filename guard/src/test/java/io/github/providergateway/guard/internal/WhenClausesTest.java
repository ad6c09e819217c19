package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.internal.RuleSpec.When;
import org.junit.jupiter.api.Test;

/**
 * A rule of the book matched by when clauses (issue 79, "rules are data"): what a clause may say,
 * and what the book refuses rather than ignores (a misspelled field, a predicate nobody wrote, a
 * clause beside word patterns). What each clause finds is decided by the rules' examples
 * (RuleBookTest) and by WholeDecisionsTest.
 */
class WhenClausesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RULE =
      """
      {"id": "git.example", "presets": {"standard": "deny", "strict": "deny", "paranoid": "deny"},
       "why": "an example", "match": {"when": [%s]},
       "examples": {"deny": ["git push -f"], "allow": ["git push"]}}
      """;

  @Test
  void aClauseReadsEveryPartItGives() {
    RuleSpec spec =
        spec(
            """
            {"program": ["git"], "subcommand": "push", "next": ["origin"], "then": "main",
             "values": ["o", "repo"],
             "any": ["f", "force"], "also": ["mirror"], "none": ["n"], "positionals": 2,
             "word": "now", "no-word": ["-c", "--help"],
             "where": "refspec-forced", "order": 3}
            """);
    When when = spec.matches().when().get(0);
    assertThat(when)
        .isEqualTo(
            new When(
                java.util.List.of("git"),
                java.util.List.of("push"),
                java.util.List.of("origin"),
                java.util.List.of("main"),
                java.util.List.of("o", "repo"),
                java.util.List.of("f", "force"),
                java.util.List.of("mirror"),
                java.util.List.of("n"),
                2,
                java.util.List.of("now"),
                java.util.List.of("-c", "--help"),
                "refspec-forced",
                3,
                false,
                java.util.List.of(),
                false,
                false,
                null));
    assertThat(spec.matches().declared()).isTrue();
    assertThat(spec.matches().commands()).isEmpty();
    assertThat(spec.matches().description())
        .isEqualTo(
            "`git push origin main` with -f or --force, and --mirror, without -n, at least 2"
                + " positional, given `now`, not given `-c` or `--help`, where refspec-forced");
  }

  @Test
  void aClauseOnTheCallOrOnWhatWasNotReadNamesNoProgram() {
    When call = spec("{\"call\": true, \"where\": \"fork-bomb\"}").matches().when().get(0);
    assertThat(call.call()).isTrue();
    assertThat(call.programs()).isEmpty();
    assertThat(WhenText.of(java.util.List.of(call))).isEqualTo("the call, where fork-bomb");
    When unread =
        spec("{\"unread\": [\"carried-code\", \"made-program\"]}").matches().when().get(0);
    assertThat(unread.unread()).containsExactly("carried-code", "made-program");
    assertThat(WhenText.of(java.util.List.of(unread)))
        .isEqualTo("what the parse could not read: carried-code or made-program");
    assertThatThrownBy(() -> spec("{\"call\": true, \"program\": \"git\", \"where\": \"x\"}"))
        .hasMessage("git.example: a when clause names one of program, call and unread");
    assertThatThrownBy(() -> spec("{\"call\": true, \"where\": \"fork-bomb\", \"order\": 1}"))
        .hasMessage("git.example: a clause on the call has its where and no more");
    assertThatThrownBy(() -> spec("{\"unread\": \"made-program\", \"any\": [\"f\"]}"))
        .hasMessage("git.example: a clause on what was not read has no any");
  }

  @Test
  void aPredicateOfTheCallIsNotAProgramsAndTheOtherWayRound() {
    RuleSpec onProgram = spec("{\"program\": \"git\", \"where\": \"fork-bomb\"}");
    assertThatThrownBy(() -> new BookRules(java.util.List.of(onProgram), "git"))
        .hasMessage("git.example: 'fork-bomb' is a predicate of the call, not a program");
    RuleSpec onCall = spec("{\"call\": true, \"where\": \"refspec-forced\"}");
    assertThatThrownBy(() -> new BookRules(java.util.List.of(onCall), "git"))
        .hasMessage("git.example: 'refspec-forced' is a predicate of a program, not the call");
  }

  /** Guards over the book, in the corpus's setting. */
  private static final io.github.providergateway.guard.Guard STANDARD =
      guard(io.github.providergateway.guard.GuardPreset.STANDARD);

  private static final io.github.providergateway.guard.Guard STRICT =
      guard(io.github.providergateway.guard.GuardPreset.STRICT);

  private static io.github.providergateway.guard.Guard guard(
      io.github.providergateway.guard.GuardPreset preset) {
    return io.github.providergateway.guard.Guard.create(
        new io.github.providergateway.guard.GuardSettings(
            preset, java.util.List.of(), java.util.List.of(), java.util.List.of()),
        new io.github.providergateway.guard.GuardEnvironment(
            java.nio.file.Path.of("/home/user"),
            java.util.List.of(java.nio.file.Path.of("/tmp")),
            java.nio.file.Path.of("/home/user/.copilot/extensions/tap")));
  }

  private static io.github.providergateway.guard.GuardVerdict verdict(
      io.github.providergateway.guard.Guard guard, String command) {
    return guard.decide(
        RuleBookTest.call(new RuleSpec.Example("shell", command, null, null, true, null)));
  }

  /** The book's rule a command is decided by, or {@code null} where it is allowed. */
  private static String ruleOf(String command) {
    io.github.providergateway.guard.GuardVerdict verdict = verdict(STANDARD, command);
    return verdict.outcome() == io.github.providergateway.guard.GuardVerdict.Outcome.ALLOW
        ? null
        : verdict.ruleId();
  }

  @Test
  void thenIsTheSubcommandsFirstPositionalPastItsOptions() {
    assertThat(ruleOf("pulumi stack -s dev rm --yes")).isEqualTo("infra.pulumi-destroy");
    assertThat(ruleOf("docker --context prod volume -q rm pgdata"))
        .isEqualTo("infra.docker-volume");
    assertThat(ruleOf("pulumi stack -s rm ls")).isNull(); // rm is the stack's name
  }

  @Test
  void afterADoubleDashBeforeTheSubcommandNothingIsAnOption() {
    assertThat(ruleOf("docker run --privileged fedora")).isNull(); // asked under strict only
    assertThat(verdict(STRICT, "docker run --privileged fedora").ruleId())
        .isEqualTo("infra.docker-privileged");
    assertThat(verdict(STRICT, "docker -- run --privileged fedora").outcome())
        .isEqualTo(io.github.providergateway.guard.GuardVerdict.Outcome.ALLOW);
  }

  @Test
  void anywhereReadsTheOptionsBeforeTheSubcommandToo() {
    assertThat(ruleOf("kubectl -A delete pods --field-selector=status.phase=Failed"))
        .isEqualTo("infra.kubectl-delete-namespace");
    assertThat(ruleOf("kubectl --dry-run=client delete namespace staging")).isNull();
    assertThat(ruleOf("kubectl --all scale deploy --replicas=0"))
        .isEqualTo("infra.kubectl-scale-all");
    assertThat(ruleOf("kubectl --replicas=0 scale deploy --all"))
        .isEqualTo("infra.kubectl-scale-all");
  }

  @Test
  void aLateClauseIsTriedAfterEveryProgramWasTried() {
    // db.flush's store clause is late, as the data stores were read after the whole command:
    // terraform destroy, found at the second program, is still named before redis's flush.
    assertThat(ruleOf("redis-cli FLUSHALL; terraform destroy -auto-approve"))
        .isEqualTo("infra.terraform-destroy");
    assertThat(ruleOf("redis-cli FLUSHALL")).isEqualTo("db.flush");
  }

  @Test
  void aProgramNameEndingInAStarIsEveryNameItBegins() {
    assertThat(ruleOf("mkfs.ext4 /dev/sdb1")).isEqualTo("fs.mkfs");
    assertThat(ruleOf("newfs_msdos /dev/disk2")).isEqualTo("fs.mkfs");
    assertThat(ruleOf("mkfsfoo /dev/sdb1")).isNull();
  }

  @Test
  void aPredicateThatFindsPathsShowsThePathItFound() {
    io.github.providergateway.guard.GuardVerdict verdict = verdict(STANDARD, "shred -u /etc/hosts");
    assertThat(verdict.ruleId()).isEqualTo("fs.shred");
    assertThat(verdict.reason()).startsWith("fs.shred: `shred -u /etc/hosts`");
    assertThat(ruleOf("shred -u build/tmp.bin")).isNull(); // the agent's own file
  }

  @Test
  void aClauseOnWhatWasNotReadHasNoPathPredicate() {
    RuleSpec spec = spec("{\"unread\": \"made-program\", \"where\": \"names-disk\"}");
    assertThatThrownBy(() -> new BookRules(java.util.List.of(spec), "git"))
        .hasMessage("git.example: 'names-disk' finds paths, not what was not read");
  }

  @Test
  void aPredicateNobodyWroteIsRefused() {
    RuleSpec spec = spec("{\"program\": \"git\", \"where\": \"pushes-to-mars\"}");
    assertThatThrownBy(() -> new BookRules(java.util.List.of(spec), "git"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("git.example: no predicate is named 'pushes-to-mars'");
  }

  @Test
  void aMisspelledFieldIsRefused() {
    assertThatThrownBy(() -> spec("{\"program\": \"git\", \"subcommands\": \"push\"}"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("git.example: a when clause's unknown field 'subcommands'");
  }

  @Test
  void aClauseNamesItsProgram() {
    assertThatThrownBy(() -> spec("{\"subcommand\": \"push\"}"))
        .hasMessage("git.example: a when clause names its program");
  }

  @Test
  void clausesAndWordPatternsAreNotMixed() {
    assertThatThrownBy(() -> besideClauses("\"commands\": [\"git push *\"]"))
        .hasMessage("git.example: match has its commands or its when clauses");
    assertThatThrownBy(() -> besideClauses("\"unless\": [\"* -n *\"]"))
        .hasMessage("git.example: unless goes with commands, not with when");
  }

  /** A rule whose match has {@code field} beside its when clauses. */
  private static RuleSpec besideClauses(String field) {
    String rule =
        RULE.formatted("{\"program\": \"git\"}").replace("\"when\"", field + ", \"when\"");
    return RuleBook.spec("git", json(rule));
  }

  @Test
  void everyPredicateTheBookNamesIsWrittenAndEveryWrittenOneIsUsed() {
    java.util.Set<String> used = new java.util.TreeSet<>();
    for (RuleSpec spec : RuleBook.specs()) {
      for (When when : spec.matches().when()) {
        if (when.where() != null) {
          used.add(when.where());
        }
      }
    }
    assertThat(used).containsExactlyInAnyOrderElementsOf(Where.names());
  }

  private static RuleSpec spec(String clause) {
    return RuleBook.spec("git", json(RULE.formatted(clause)));
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
