package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.ENVIRONMENT;
import static io.github.providergateway.guard.GuardFixture.edit;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.json;
import static io.github.providergateway.guard.GuardFixture.read;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Rules without code: reading them, matching them, the allow list and a project's tightening. */
class PlainRulesTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "git push",
        "git  push",
        "git\tpush origin main",
        "git -C . push",
        "git -C /home/ada/code/app -c user.name=x push -u origin x",
        "sudo git push",
        "/usr/bin/git push",
        "bash -c 'git push'",
        "cd sub && git push --force-with-lease",
      })
  void aCommandPatternMatchesEveryWayOfWritingIt(String command) {
    Guard guard =
        guard(
            """
            {"rules": [{"id": "no-push", "action": "deny", "command": "git push *",
                        "reason": "CI pushes"}]}
            """);
    GuardVerdict verdict = guard.decide(shell(command));
    assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("no-push");
    assertThat(verdict.reason()).isEqualTo("no-push: CI pushes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"git pushx", "git status", "echo git push", "git log --grep push"})
  void aCommandPatternMatchesWholeWordsOnly(String command) {
    Guard guard = guard("{\"rules\": [{\"action\": \"deny\", \"command\": \"git push *\"}]}");
    assertThat(guard.decide(shell(command)).allowed()).as(command).isTrue();
  }

  @Test
  void aStarWordMatchesAnyWordsAndOthersMatchOneWord() {
    Guard guard =
        guard(
            """
            {"rules": [{"id": "no-prod", "action": "deny", "tool": "shell",
                        "command": "kubectl * --context prod*"}]}
            """);
    assertThat(guard.decide(shell("kubectl apply -f x.yaml --context prod-eu")).ruleId())
        .isEqualTo("no-prod");
    assertThat(guard.decide(shell("kubectl --context staging get pods")).allowed()).isTrue();
    assertThat(guard.decide(shell("kubectl apply --context staging")).allowed()).isTrue();
    // Not the person's rule (production.deploy asks about an apply that names prod: decision 92).
    assertThat(guard.decide(shell("kubectl apply --contexts prod")).ruleId())
        .isNotEqualTo("no-prod");
  }

  /**
   * A deny's or ask's last pattern ending in {@code *} takes the words after it, as a person reads
   * it: a team that wrote {@code terraform apply*} (as docs/team.md's example once did) let every
   * {@code terraform apply} with an argument through, since the pattern matched one word.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "terraform apply",
        "terraform apply -auto-approve",
        "terraform apply plan.out",
        "sudo terraform apply -auto-approve -lock=false",
        "terraform apply-all",
        "kubectl --context prod get pods",
        "kubectl get pods --context prod-eu -o yaml",
        "kubectl --context=prod-eu get pods",
        "kubectl get pods --context=prod",
      })
  void aLastPatternEndingInAStarTakesTheWordsAfterIt(String command) {
    Guard guard =
        guard(
            """
            {"rules": [{"id": "ask-apply", "action": "ask", "command": "terraform apply*"},
                       {"id": "no-prod", "action": "deny", "command": "kubectl * --context prod*"}]}
            """);

    assertThat(guard.decide(shell(command)).allowed()).as(command).isFalse();
  }

  @Test
  void aLongOptionWithItsValueMatchesEitherWay() {
    Guard guard =
        guard(
            """
            {"rules": [{"id": "spaced", "action": "deny", "command": "helm * --namespace prod"},
                       {"id": "joined", "action": "deny", "command": "helm * --kube-context=prod"}]}
            """);

    assertThat(guard.decide(shell("helm upgrade x --namespace=prod")).ruleId()).isEqualTo("spaced");
    assertThat(guard.decide(shell("helm upgrade x --kube-context=prod")).ruleId())
        .isEqualTo("joined");
    assertThat(guard.decide(shell("helm upgrade x --namespace=staging")).allowed()).isTrue();
    assertThat(guard.decide(shell("helm upgrade x -n=prod")).ruleId())
        .as("long options only (production.deploy asks about it: decision 92)")
        .isNotIn("spaced", "joined");
  }

  @ParameterizedTest
  @ValueSource(strings = {"terraform plan", "terraform", "echo terraform apply", "terraformapply"})
  void aLastPatternEndingInAStarStillMatchesItsWordsFirst(String command) {
    Guard guard = guard("{\"rules\": [{\"action\": \"ask\", \"command\": \"terraform apply*\"}]}");

    assertThat(guard.decide(shell(command)).allowed()).as(command).isTrue();
  }

  @Test
  void anArgPatternMatchesTheDecodedValue() {
    Guard guard =
        guard(
            "{\"rules\": [{\"id\": \"tabbed\", \"action\": \"ask\", \"arg\": {\"command\": \"git*push*\"}}]}");
    GuardVerdict verdict = guard.decide(shell("git\tpush"));
    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo("tabbed");
    Guard deploy =
        guard(
            """
            {"rules": [{"id": "no-prod-arg", "action": "deny", "tool": "deploy",
                        "arg": {"env": "prod*"}}]}
            """);
    GuardCall prod =
        new GuardCall(
            "deploy",
            JsonNodeFactory.instance.objectNode().put("env", "production"),
            GuardFixture.PROJECT,
            null,
            null);
    assertThat(deploy.decide(prod).ruleId()).isEqualTo("no-prod-arg");
    GuardCall staging =
        new GuardCall(
            "deploy",
            JsonNodeFactory.instance.objectNode().put("env", "staging"),
            GuardFixture.PROJECT,
            null,
            null);
    assertThat(deploy.decide(staging).allowed()).isTrue();
  }

  @Test
  void aPathPatternMatchesFileToolsAndShellArguments() {
    Guard guard =
        guard(
            """
            {"rules": [{"id": "no-secrets", "action": "deny", "path": "**/secrets/**"},
                       {"id": "no-prod-env", "action": "ask", "path": ".env.prod*"},
                       {"id": "no-migrations", "action": "ask", "tool": "edit",
                        "path": "db/migrations/*"}]}
            """);
    assertThat(guard.decide(read("config/secrets/db.yml")).ruleId()).isEqualTo("no-secrets");
    assertThat(guard.decide(edit("/srv/secrets/x")).ruleId()).isEqualTo("no-secrets");
    assertThat(guard.decide(shell("cp config/secrets/db.yml /tmp/")).ruleId())
        .isEqualTo("no-secrets");
    assertThat(guard.decide(shell("vim x > config/secrets/y")).ruleId()).isEqualTo("no-secrets");
    assertThat(guard.decide(edit("db/migrations/001.sql")).ruleId()).isEqualTo("no-migrations");
    assertThat(guard.decide(read("db/migrations/001.sql")).allowed()).isTrue();
    assertThat(guard.decide(edit("db/migrations/old/001.sql")).allowed()).isTrue();
    assertThat(guard.decide(read("config/secretsauce.yml")).allowed()).isTrue();
  }

  @Test
  void theProjectsDenyComesBeforeThePersonsAskAndTheBuiltInRules() {
    Guard guard =
        guard("{\"rules\": [{\"id\": \"mine\", \"action\": \"ask\", \"command\": \"make *\"}]}")
            .tightenedBy(
                GuardSettings.project(
                    json(
                        "{\"rules\": [{\"id\": \"theirs\", \"action\": \"deny\","
                            + " \"command\": \"make deploy\"}]}")));
    assertThat(guard.decide(shell("make deploy")).ruleId()).isEqualTo("theirs");
    assertThat(guard.decide(shell("make test")).ruleId()).isEqualTo("mine");
    assertThat(guard.decide(shell("make test && git push -f")).ruleId())
        .isEqualTo("git.push-force");
  }

  @Test
  void thePersonCanAllowANonCatastrophicRuleById() {
    Guard guard = guard("{\"allow\": [\"git.push-force\"]}");
    GuardExplanation explanation = guard.explain(shell("git push -f"));
    assertThat(explanation.verdict().outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(explanation.verdict().reason()).isEqualTo("allowed by the person's allow list");
    assertThat(explanation.matched())
        .anySatisfy(l -> assertThat(l).startsWith("git.push-force: deny, allowed by"));
  }

  @Test
  void anAllowListNamingTheRetiredSystemPublishAllowsThePublishRulesAndSaysSo() {
    // system.publish (asked about in strict) became the publish family (denied in standard): an
    // allow list written before keeps letting the person's agent publish.
    GuardSettings settings = GuardSettings.personal(json("{\"allow\": [\"system.publish\"]}"));
    assertThat(settings.problems())
        .singleElement()
        .satisfies(
            problem ->
                assertThat(problem)
                    .startsWith("guard.allow[0]: 'system.publish' was renamed; it allows ")
                    .contains("publish.npm", "publish.maven", "publish.image")
                    .endsWith("(name those instead)"));
    Guard guard = Guard.create(settings, ENVIRONMENT);
    for (String command :
        new String[] {"npm publish", "./mvnw deploy", "docker push acme/api:1", "cargo publish"}) {
      GuardExplanation explanation = guard.explain(shell(command));
      assertThat(explanation.verdict().outcome()).as(command).isEqualTo(Outcome.ALLOW);
      assertThat(explanation.verdict().reason()).isEqualTo("allowed by the person's allow list");
    }
    assertThat(guard.decide(shell("git push -f")).ruleId()).isEqualTo("git.push-force");
    assertThat(GuardFixture.guard(GuardPreset.STANDARD).decide(shell("npm publish")).ruleId())
        .isEqualTo("publish.npm");
  }

  @Test
  void anUnknownIdInTheAllowListIsStillLeftOut() {
    GuardSettings settings = GuardSettings.personal(json("{\"allow\": [\"system.publishes\"]}"));
    assertThat(settings.problems())
        .containsExactly("guard.allow[0]: 'system.publishes' is no built-in rule; left out");
  }

  @Test
  void thePersonCanAllowOneShapeOfABlockedCall() {
    Guard guard =
        guard("{\"allow\": [{\"command\": \"rm -rf /opt/cache/*\"}], \"preset\": \"strict\"}");
    assertThat(guard.decide(shell("rm -rf /opt/cache/*")).allowed()).isTrue();
    assertThat(guard.decide(shell("rm -rf /opt/cache/* /opt/data")).ruleId())
        .isEqualTo("fs.delete-outside-project");
    assertThat(guard.decide(shell("rm -rf /opt/data")).ruleId())
        .isEqualTo("fs.delete-outside-project");
  }

  @Test
  void anAllowEntryMatchesAWordTheGuardCannotKnowOnlyWithAStar() {
    Guard guard = guard("{\"allow\": [{\"command\": \"rm -rf /opt/cache\"}]}");
    assertThat(guard.decide(shell("rm -rf $CACHE")).ruleId()).isEqualTo("fs.delete-unresolved");
  }

  @Test
  void theAllowListNeverCoversACatastrophicRule() {
    GuardSettings settings =
        GuardSettings.personal(
            json("{\"allow\": [\"fs.delete-root\", \"guard.self\", {\"command\": \"rm -rf /\"}]}"));
    assertThat(settings.problems())
        .containsExactly(
            "guard.allow[0]: 'fs.delete-root' is catastrophic and cannot be allowed; left out",
            "guard.allow[1]: 'guard.self' is catastrophic and cannot be allowed; left out");
    Guard guard = Guard.create(settings, ENVIRONMENT);
    assertThat(guard.decide(shell("rm -rf /")).ruleId()).isEqualTo("fs.delete-root");
  }

  @Test
  void theAllowListNeverCoversAPlainRule() {
    Guard guard =
        guard(
            """
            {"rules": [{"id": "no-push", "action": "deny", "command": "git push *"}],
             "allow": [{"command": "git push *"}, "git.push-force"]}
            """);
    assertThat(guard.decide(shell("git push -f")).ruleId()).isEqualTo("no-push");
  }

  @Test
  void aProjectCannotLoosen() {
    GuardSettings project =
        GuardSettings.project(
            json(
                """
                {"preset": "off",
                 "rules": [{"id": "let-it", "action": "allow", "command": "git push *"}],
                 "allow": ["git.push-force"]}
                """));
    assertThat(project.problems())
        .containsExactly(
            "guard.preset: a project cannot turn the guard off; left out",
            "guard.rules[0] 'let-it': action: a project's rules cannot allow; left out",
            "guard.allow: a project cannot allow what the guard blocks; left out");
    Guard guard = guard(GuardPreset.STANDARD).tightenedBy(project);
    assertThat(guard.preset()).isEqualTo(GuardPreset.STANDARD);
    assertThat(guard.decide(shell("git push -f")).ruleId()).isEqualTo("git.push-force");
  }

  @Test
  void aProjectCanRaiseThePresetButNotLowerIt() {
    Guard raised =
        guard(GuardPreset.STANDARD)
            .tightenedBy(GuardSettings.project(json("{\"preset\": \"strict\"}")));
    assertThat(raised.preset()).isEqualTo(GuardPreset.STRICT);
    assertThat(raised.decide(shell("git push origin main")).outcome()).isEqualTo(Outcome.ASK);
    Guard kept =
        guard(GuardPreset.PARANOID)
            .tightenedBy(GuardSettings.project(json("{\"preset\": \"standard\"}")));
    assertThat(kept.preset()).isEqualTo(GuardPreset.PARANOID);
    assertThat(kept.problems())
        .containsExactly(
            "guard.preset: the project's standard is lower than the person's paranoid; left out");
  }

  @Test
  void theProjectsRulesStillApplyWhenThePersonTurnedTheGuardOff() {
    Guard guard =
        guard(GuardPreset.OFF)
            .tightenedBy(
                GuardSettings.project(
                    json(
                        "{\"rules\": [{\"id\": \"p\", \"action\": \"deny\", \"command\": \"make *\"}]}")));
    assertThat(guard.decide(shell("make all")).ruleId()).isEqualTo("p");
    assertThat(guard.decide(shell("rm -rf /")).allowed()).isTrue();
  }

  @Test
  void badEntriesAreLeftOutWithAProblemNamingTheEntryAndField() {
    GuardSettings settings =
        GuardSettings.personal(
            json(
                """
                {"preset": "lax", "colour": "red",
                 "rules": [{"id": "a", "action": "block", "command": "x"},
                           {"id": "b", "action": "deny"},
                           {"id": "c", "action": "deny", "comand": "rm *"},
                           {"id": "d", "action": "deny", "command": 3},
                           {"id": "e", "action": "deny", "arg": {"env": 1}},
                           {"id": "two words", "action": "deny", "command": "x"},
                           "deny rm",
                           {"id": "f", "action": "deny", "tool": "deploy", "command": "x"},
                           {"id": "ok", "action": "deny", "command": "make *"}],
                 "allow": ["no.such-rule", 7, {"id": "g", "action": "deny", "command": "x"}]}
                """));
    assertThat(settings.preset()).isEqualTo(GuardPreset.STANDARD);
    assertThat(settings.rules()).extracting(PlainRule::id).containsExactly("ok");
    assertThat(settings.allow()).isEmpty();
    assertThat(settings.problems())
        .containsExactly(
            "guard: unknown key 'colour' (preset, rules, allow, sandbox) is left out",
            "guard.preset: unknown guard preset 'lax': off, standard, strict or paranoid;"
                + " standard is used",
            "guard.rules[0] 'a': action: deny, ask or allow, not 'block'; left out",
            "guard.rules[1] 'b': matches every call: give tool, command, path, arg or sends; left out",
            "guard.rules[2] 'c': unknown field 'comand'; left out",
            "guard.rules[3] 'd': command: not a text; left out",
            "guard.rules[4] 'e': arg.env: a pattern of at most 1024 characters and 32 wildcards;"
                + " left out",
            "guard.rules[5]: id: a word of at most 128 characters; left out",
            "guard.rules[6]: not an object; left out",
            "guard.rules[7] 'f': command: only a shell call has a command, and tool is not shell;"
                + " left out",
            "guard.allow[0]: 'no.such-rule' is no built-in rule; left out",
            "guard.allow[1]: not an object; left out",
            "guard.allow[2] 'g': action: an allow entry's action is allow; left out");
  }

  @Test
  void patternsAndRulesAreBounded() {
    String longPattern = "x".repeat(1025);
    StringBuilder many = new StringBuilder("{\"rules\": [");
    for (int i = 0; i < 300; i++) {
      many.append(i == 0 ? "" : ",")
          .append("{\"action\": \"deny\", \"command\": \"c")
          .append(i)
          .append("\"}");
    }
    GuardSettings tooMany = GuardSettings.personal(json(many + "]}"));
    assertThat(tooMany.rules()).hasSize(256);
    assertThat(tooMany.problems())
        .containsExactly("guard.rules[256]: more than 256 rules; this and the rest are left out");
    GuardSettings tooLong =
        GuardSettings.personal(
            json(
                "{\"rules\": [{\"id\": \"l\", \"action\": \"deny\", \"path\": \""
                    + longPattern
                    + "\"}]}"));
    assertThat(tooLong.problems())
        .containsExactly("guard.rules[0] 'l': path: longer than 1024 characters; left out");
    GuardSettings tooWild =
        GuardSettings.personal(
            json(
                "{\"rules\": [{\"id\": \"w\", \"action\": \"deny\", \"command\": \""
                    + "a*".repeat(33)
                    + "\"}]}"));
    assertThat(tooWild.problems())
        .containsExactly("guard.rules[0] 'w': command: more than 32 wildcards; left out");
  }

  @Test
  void rulesThatWouldTakeTooLongOverACallDenyIt() {
    StringBuilder rules = new StringBuilder("{\"rules\": [");
    String pattern = "a*".repeat(32) + "b";
    for (int i = 0; i < 256; i++) {
      rules
          .append(i == 0 ? "" : ",")
          .append("{\"action\": \"ask\", \"arg\": {\"command\": \"")
          .append(pattern)
          .append("\"}}");
    }
    Guard guard = guard(rules + "]}");
    GuardVerdict verdict = guard.decide(shell("a".repeat(100_000)));
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("guard.unreadable");
    assertThat(verdict.reason()).contains("need more than 5000000 steps");
    assertThat(guard.decide(shell("ls")).allowed()).isTrue();
  }

  @Test
  void aRuleWithoutAnIdIsNamedByItsPlace() {
    GuardSettings settings =
        GuardSettings.personal(json("{\"rules\": [{\"action\": \"ask\", \"command\": \"make\"}]}"));
    assertThat(settings.rules()).extracting(PlainRule::id).containsExactly("config.rule-1");
  }

  @Test
  void noConfigurationIsTheStandardPresetAlone() {
    assertThat(GuardSettings.personal(null)).isEqualTo(GuardSettings.defaults());
    assertThat(GuardSettings.project(null).preset()).isEqualTo(GuardPreset.OFF);
    assertThat(GuardSettings.personal(json("[]")).problems())
        .containsExactly("guard: not an object; the standard preset alone is used");
  }
}
