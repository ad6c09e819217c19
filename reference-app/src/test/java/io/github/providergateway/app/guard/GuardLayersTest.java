package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.agent.guard.GuardLayers;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 66: the guard's layers, built-in rules &lt; organisation policy &lt; person's config &lt;
 * project file, through the home's guard as the gateway decides with it: the person's settings and
 * the project's file tighten the policy and never loosen it, and {@code withoutPolicy: deny} denies
 * every call.
 */
class GuardLayersTest {

  @TempDir Path temp;

  private final List<String> problems = new ArrayList<>();

  private static GuardSettings person(String json) throws Exception {
    return GuardSettings.personal(new ObjectMapper().readTree(json));
  }

  private static OrgLayer policy(String guardJson) throws Exception {
    String text =
        "{\"version\": 3, \"expires\": \"2030-01-01T00:00:00Z\", \"guard\": " + guardJson + "}";
    return new OrgLayer.Policy(PolicyDocument.parse(text.getBytes(UTF_8)));
  }

  private HomeGuard home(GuardSettings person, OrgLayer org) throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    HomeGuard guard = new HomeGuard(person, HomeGuard.environment(home, Map.of()), problems::add);
    guard.organisation(org);
    return guard;
  }

  private GuardVerdict shell(HomeGuard guard, String command, Path project) {
    JsonNode args = JsonNodeFactory.instance.objectNode().put("command", command);
    Path cwd = project == null ? temp : project;
    return guard.decide(new GuardCall("shell", args, project, cwd, null));
  }

  @Test
  void aPersonsAllowOfABuiltInRuleDoesNotLoosenThePolicy() throws Exception {
    GuardSettings allows = person("{\"allow\": [\"git.push-force\"]}");
    HomeGuard alone = home(allows, new OrgLayer.None());
    assertThat(shell(alone, "git push --force origin main", null).outcome())
        .as("without a policy the person's allow stands")
        .isEqualTo(Outcome.ALLOW);

    HomeGuard layered = home(allows, policy("{\"preset\": \"standard\"}"));
    GuardVerdict verdict = shell(layered, "git push --force origin main", null);
    assertThat(verdict.outcome()).isNotEqualTo(Outcome.ALLOW);
    assertThat(verdict.ruleId()).isEqualTo("git.push-force");
    assertThat(problems).anyMatch(p -> p.contains("guard.allow 'git.push-force'"));
  }

  @Test
  void aPersonsAllowRuleAndOffPresetDoNotLoosenAPolicyDeny() throws Exception {
    GuardSettings loose =
        person(
            "{\"preset\": \"off\", \"rules\": [{\"id\": \"mine\", \"action\": \"allow\","
                + " \"command\": \"kubectl *\"}]}");
    HomeGuard layered =
        home(
            loose,
            policy(
                "{\"rules\": [{\"id\": \"org.no-prod\", \"action\": \"deny\", \"command\":"
                    + " \"kubectl * --context prod*\"}]}"));

    GuardVerdict verdict = shell(layered, "kubectl apply --context prod-eu", null);

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("org.no-prod");
    assertThat(problems).anyMatch(p -> p.contains("guard.preset: off"));
  }

  @Test
  void aPersonCanStillAddADeny() throws Exception {
    HomeGuard layered =
        home(
            person(
                "{\"rules\": [{\"id\": \"no-deploy\", \"action\": \"deny\", \"command\": \"make"
                    + " deploy*\"}]}"),
            policy("{\"preset\": \"standard\"}"));

    GuardVerdict verdict = shell(layered, "make deploy", null);

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("no-deploy");
    assertThat(shell(layered, "make test", null).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aProjectFileStillTightensUnderAPolicyAndThePersonsRulesStillHoldThere() throws Exception {
    Path project = Files.createDirectories(temp.resolve("project/.provider-gateway")).getParent();
    Files.writeString(
        project.resolve(".provider-gateway/guard.json"),
        "{\"rules\": [{\"id\": \"proj.no-seed\", \"action\": \"deny\", \"command\": \"npm run"
            + " seed*\"}]}");
    HomeGuard layered =
        home(
            person(
                "{\"rules\": [{\"id\": \"no-deploy\", \"action\": \"deny\", \"command\": \"make"
                    + " deploy*\"}]}"),
            policy(
                "{\"rules\": [{\"id\": \"org.no-prod\", \"action\": \"deny\", \"command\":"
                    + " \"kubectl * --context prod*\"}]}"));

    assertThat(shell(layered, "npm run seed", project).ruleId()).isEqualTo("proj.no-seed");
    assertThat(shell(layered, "make deploy", project).ruleId()).isEqualTo("no-deploy");
    assertThat(shell(layered, "kubectl get --context prod", project).ruleId())
        .isEqualTo("org.no-prod");
    assertThat(shell(layered, "npm test", project).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void thePolicyMayAllowWhatTheBuiltInRulesBlock() throws Exception {
    HomeGuard layered = home(GuardSettings.defaults(), policy("{\"allow\": [\"git.push-force\"]}"));

    assertThat(shell(layered, "git push --force origin main", null).outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void withoutPolicyDenyDeniesEveryCallNamingTheSystemSettings() throws Exception {
    HomeGuard layered =
        home(
            person("{\"preset\": \"off\", \"allow\": [\"git.push-force\"]}"),
            new OrgLayer.Deny("none has been fetched yet"));

    for (String command : List.of("ls", "echo hi", "git status", "git push --force")) {
      GuardVerdict verdict = shell(layered, command, null);
      // Fail closed: this breaks if the missing policy's deny became an allow or an ask.
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.DENY);
    }
    GuardVerdict ls = shell(layered, "ls", null);
    assertThat(ls.ruleId()).isEqualTo(GuardLayers.POLICY_MISSING);
    assertThat(ls.reason()).contains("settings.json").contains("withoutPolicy: deny");
    JsonNode edit = JsonNodeFactory.instance.objectNode().put("path", temp.resolve("a").toString());
    assertThat(layered.decide(new GuardCall("edit", edit, null, temp, null)).outcome())
        .isEqualTo(Outcome.DENY);
    assertThat(
            layered
                .personal()
                .decide(new GuardCall("some_mcp_tool", edit, null, temp, null))
                .outcome())
        .isEqualTo(Outcome.DENY);
  }

  @Test
  void withoutPolicyDenyDeniesASessionsCallsAsTheEnginesPolicyJudgesThem() throws Exception {
    HomeGuard layered =
        home(GuardSettings.defaults(), new OrgLayer.Deny("none has been fetched yet"));
    JsonNode ls = JsonNodeFactory.instance.objectNode().put("command", "ls");

    GuardVerdict verdict =
        layered
            .judge(
                new GuardCall("shell", ls, null, temp, null),
                io.github.providergateway.guard.SessionPast.start(Map.of()))
            .verdict();

    // Fail closed: the session path (GuardPolicy, the hooks) denies as the call alone does.
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo(GuardLayers.POLICY_MISSING);
  }

  @Test
  void withoutPolicyBuiltinDecidesByTheBuiltInRulesAndThePersonOnlyTightens() throws Exception {
    HomeGuard layered =
        home(
            person("{\"preset\": \"off\", \"allow\": [\"git.push-force\"]}"),
            new OrgLayer.Builtin("none has been fetched yet"));

    assertThat(shell(layered, "ls", null).outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(shell(layered, "git push --force origin main", null).outcome())
        .isNotEqualTo(Outcome.ALLOW);
  }

  @Test
  void aPolicyChangeAppliesFromTheNextCall() throws Exception {
    HomeGuard layered = home(GuardSettings.defaults(), new OrgLayer.Deny("none yet"));
    assertThat(shell(layered, "ls", null).outcome()).isEqualTo(Outcome.DENY);

    layered.organisation(policy("{\"preset\": \"standard\"}"));

    assertThat(shell(layered, "ls", null).outcome()).isEqualTo(Outcome.ALLOW);
  }
}
