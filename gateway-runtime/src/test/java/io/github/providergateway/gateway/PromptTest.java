package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.protocol.TransformRule;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The prompt pipeline: transforms, protected sections and contexts (spec: Transform rules). */
class PromptTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  private static Map<String, String> sections() {
    Map<String, String> sections = new LinkedHashMap<>();
    sections.put("identity", "You are Copilot.");
    sections.put("safety", "Never leak secrets.");
    sections.put("custom_instructions", "Be brief.");
    sections.put("code_change_rules", "Small diffs.");
    return sections;
  }

  private RecordingProviderConnection transforms(
      String name, Map<String, Optional<TransformRule>> transforms) {
    return f.bound(Hello.builder(name).session(session).hooks(new Hooks(null, transforms)).build());
  }

  private PromptResult prompt() {
    return done(f.gateway.onPrompt(session, sections()));
  }

  @Test
  void appendPrependAndReplaceEditTheirSections() {
    transforms(
        "editor",
        Map.of(
            "custom_instructions",
                Optional.of(TransformRule.append("This repo uses pnpm, not npm.")),
            "code_change_rules", Optional.of(TransformRule.prepend("Write tests first."))));
    transforms("replacer", Map.of("team", Optional.of(TransformRule.replace("Team Blue."))));

    PromptResult result = prompt();

    assertThat(result.sections().get("custom_instructions"))
        .isEqualTo("Be brief.\nThis repo uses pnpm, not npm.");
    assertThat(result.sections().get("code_change_rules"))
        .isEqualTo("Write tests first.\nSmall diffs.");
    assertThat(result.sections().get("team")).isEqualTo("Team Blue.");
  }

  @Test
  void appendsOfSeveralProvidersJoinInRegistrationOrder() {
    transforms("first", Map.of("custom_instructions", Optional.of(TransformRule.append("one"))));
    transforms("second", Map.of("custom_instructions", Optional.of(TransformRule.append("two"))));

    assertThat(prompt().sections().get("custom_instructions")).isEqualTo("Be brief.\none\ntwo");
  }

  @Test
  void protectedSectionsTakeAppendsAndComeLastSoSafetyHasTheLastWord() {
    transforms("guard", Map.of("safety", Optional.of(TransformRule.append("Do not run rm -rf."))));

    PromptResult result = prompt();

    assertThat(result.sections().keySet())
        .containsExactly("custom_instructions", "code_change_rules", "identity", "safety");
    assertThat(result.sections().get("identity")).isEqualTo("You are Copilot.");
    assertThat(result.sections().get("safety"))
        .isEqualTo("Never leak secrets.\nDo not run rm -rf.");
  }

  @Test
  void prependReplaceOrCallbackOnAProtectedSectionIsUnauthorizedEvenForInternalProviders() {
    for (TransformRule rule :
        new TransformRule[] {
          TransformRule.prepend("x"), TransformRule.replace("x"), TransformRule.callback()
        }) {
      RecordingProviderConnection local = f.connectLocal(session);
      local.send(
          Hello.builder("tap-" + rule.action().wireName())
              .hooks(new Hooks(null, Map.of("safety", Optional.of(rule))))
              .build());
      assertThat(local.next(ErrorMessage.class).code())
          .as("%s on safety", rule.action())
          .isEqualTo(ErrorCode.UNAUTHORIZED);
    }
    assertThat(prompt().sections().get("safety")).isEqualTo("Never leak secrets.");
  }

  @Test
  void aHooksUpdateCannotTakeAProtectedSectionEither() {
    RecordingProviderConnection local = f.connectLocal(session);
    local.send(Hello.builder("tap").build());
    local.next(io.github.providergateway.protocol.HelloAck.class);
    local.drain();

    for (String section : List.of("safety", "identity")) {
      for (TransformRule rule :
          new TransformRule[] {
            TransformRule.prepend("x"), TransformRule.replace("x"), TransformRule.callback()
          }) {
        local.send(
            new HooksUpdate(null, null, new Hooks(null, Map.of(section, Optional.of(rule)))));
        assertThat(local.next(ErrorMessage.class).code())
            .as("%s on %s", rule.action(), section)
            .isEqualTo(ErrorCode.UNAUTHORIZED);
      }
    }
    local.send(
        new HooksUpdate(
            "ok",
            null,
            new Hooks(null, Map.of("identity", Optional.of(TransformRule.append("Be brief."))))));
    local.next(io.github.providergateway.protocol.Ack.class);

    PromptResult result = prompt();
    assertThat(result.sections().get("safety")).isEqualTo("Never leak secrets.");
    assertThat(result.sections().get("identity")).isEqualTo("You are Copilot.\nBe brief.");
  }

  @Test
  void aCallbackTransformAsksTheProviderWithTheCurrentText() {
    RecordingProviderConnection live =
        transforms("live", Map.of("code_change_rules", Optional.of(TransformRule.callback())));

    var result = f.gateway.onPrompt(session, sections());
    TransformRequest request = live.next(TransformRequest.class);
    assertThat(request.callId()).startsWith("tx-");
    assertThat(request.sessionId()).isEqualTo(session);
    assertThat(request.section()).isEqualTo("code_change_rules");
    assertThat(request.current()).isEqualTo("Small diffs.");
    assertThat(result).isNotDone();

    f.settle();
    live.send(new TransformResult(request.callId(), "Small diffs. Deploy freeze until Friday."));

    assertThat(done(result).sections().get("code_change_rules"))
        .isEqualTo("Small diffs. Deploy freeze until Friday.");
    assertThat(f.clock.pendingTasks()).as("the callback's timeout went with its answer").isZero();
  }

  @Test
  void anAppendToAnEmptyOrMissingSectionIsTheAppendedTextAloneEvenForProtectedSections() {
    transforms(
        "editor",
        Map.of(
            "custom_instructions", Optional.of(TransformRule.append("Use tabs.")),
            "safety", Optional.of(TransformRule.append("Ask before deleting."))));
    Map<String, String> sections = new LinkedHashMap<>();
    sections.put("custom_instructions", "");

    PromptResult result = done(f.gateway.onPrompt(session, sections));

    assertThat(result.sections())
        .containsExactly(
            Map.entry("custom_instructions", "Use tabs."),
            Map.entry("safety", "Ask before deleting."));
  }

  /** "current" is the text as earlier transforms left it, and the answer is what later ones see. */
  @Test
  void aCallbackSeesTheTextEarlierTransformsMadeAndLaterOnesEditItsAnswer() {
    transforms(
        "editor",
        Map.of("code_change_rules", Optional.of(TransformRule.prepend("Write tests first."))));
    RecordingProviderConnection live =
        transforms("live", Map.of("code_change_rules", Optional.of(TransformRule.callback())));
    transforms(
        "tail", Map.of("code_change_rules", Optional.of(TransformRule.append("No force pushes."))));

    var result = f.gateway.onPrompt(session, sections());
    TransformRequest request = live.next(TransformRequest.class);
    assertThat(request.current()).isEqualTo("Write tests first.\nSmall diffs.");
    live.send(new TransformResult(request.callId(), "Tests first, small diffs."));

    assertThat(done(result).sections().get("code_change_rules"))
        .isEqualTo("Tests first, small diffs.\nNo force pushes.");
  }

  @Test
  void aSilentCallbackKeepsTheCurrentTextAfterTwoSeconds() {
    RecordingProviderConnection live =
        transforms("live", Map.of("code_change_rules", Optional.of(TransformRule.callback())));
    var result = f.gateway.onPrompt(session, sections());
    live.next(TransformRequest.class);

    f.clock.advance(Duration.ofMillis(1_999));
    assertThat(result).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(done(result).sections().get("code_change_rules")).isEqualTo("Small diffs.");
  }

  @Test
  void aCallbackWhoseProviderDisconnectsKeepsTheCurrentText() {
    RecordingProviderConnection live =
        transforms("live", Map.of("code_change_rules", Optional.of(TransformRule.callback())));
    var result = f.gateway.onPrompt(session, sections());
    live.next(TransformRequest.class);

    live.drop();

    assertThat(done(result).sections().get("code_change_rules")).isEqualTo("Small diffs.");
  }

  @Test
  void aCallbackWhoseProviderRebindsKeepsTheCurrentText() {
    RecordingProviderConnection live =
        transforms("live", Map.of("code_change_rules", Optional.of(TransformRule.callback())));
    var result = f.gateway.onPrompt(session, sections());
    String callId = live.next(TransformRequest.class).callId();

    live.send(Hello.builder("live").session(session).build());
    live.send(new TransformResult(callId, "too late"));

    assertThat(done(result).sections().get("code_change_rules")).isEqualTo("Small diffs.");
  }

  @Test
  void hooksUpdateMergesTransformsBySectionAndNullRemovesOne() {
    Map<String, Optional<TransformRule>> initial = new LinkedHashMap<>();
    initial.put("custom_instructions", Optional.of(TransformRule.append("keep me")));
    initial.put("code_change_rules", Optional.of(TransformRule.append("remove me")));
    RecordingProviderConnection p = transforms("editor", initial);
    Map<String, Optional<TransformRule>> change = new LinkedHashMap<>();
    change.put("code_change_rules", Optional.empty());

    p.send(new HooksUpdate(null, null, new Hooks(null, change)));

    PromptResult result = prompt();
    assertThat(result.sections().get("custom_instructions")).isEqualTo("Be brief.\nkeep me");
    assertThat(result.sections().get("code_change_rules")).isEqualTo("Small diffs.");
  }

  @Test
  void hooksUpdateWithoutTransformsLeavesEverySectionsTransform() {
    RecordingProviderConnection p =
        transforms(
            "editor", Map.of("custom_instructions", Optional.of(TransformRule.append("keep me"))));

    p.send(new HooksUpdate(null, null, new Hooks(List.of(), null)));

    assertThat(prompt().sections().get("custom_instructions")).isEqualTo("Be brief.\nkeep me");
  }

  @Test
  void transformsApplyOnlyInTheProvidersBoundSession() {
    String other = f.startSession("beta");
    transforms(
        "editor", Map.of("custom_instructions", Optional.of(TransformRule.append("alpha only"))));

    assertThat(done(f.gateway.onPrompt(other, sections())).sections().get("custom_instructions"))
        .isEqualTo("Be brief.");
  }

  @Test
  void ambientContextsComeInProviderRegistrationOrderAndContextUpdateReplacesOne() {
    f.bound(Hello.builder("ci").session(session).context("CI is currently passing.").build());
    RecordingProviderConnection deploys =
        f.bound(Hello.builder("deploys").session(session).context("No active deploys.").build());

    assertThat(prompt().context())
        .containsExactly("CI is currently passing.", "No active deploys.");

    deploys.send(new ContextUpdate(null, null, "Deploy v2.4.3 completed."));
    assertThat(prompt().context())
        .containsExactly("CI is currently passing.", "Deploy v2.4.3 completed.");

    deploys.send(new ContextUpdate(null, null, ""));
    assertThat(prompt().context())
        .as("an empty context replaces it with none")
        .containsExactly("CI is currently passing.");
  }

  @Test
  void anEmptyContextInHelloMeansNoneAsInContextUpdate() {
    // A reconnecting provider sends "" to clear the context its token would restore.
    f.bound(Hello.builder("ci").session(session).context("").build());

    assertThat(prompt().context()).isEmpty();
  }

  @Test
  void startupContextGoesIntoTheStartContextNotThePromptContext() {
    f.bound(
        Hello.builder("monitor")
            .session(session)
            .startupContext("Provider loaded. Monitoring 3 endpoints.")
            .build());

    PromptResult result = prompt();

    assertThat(result.startupContext()).containsExactly("Provider loaded. Monitoring 3 endpoints.");
    assertThat(result.context()).isEmpty();
  }

  @Test
  void atMostFiftySectionsMayBeTransformedEvenWhenUpdatesMergeThemIn() {
    Map<String, Optional<TransformRule>> fifty = new LinkedHashMap<>();
    for (int i = 0; i < 50; i++) {
      fifty.put("s" + i, Optional.of(TransformRule.append("x")));
    }
    RecordingProviderConnection p = transforms("many", fifty);

    p.send(
        new HooksUpdate(
            null,
            null,
            new Hooks(null, Map.of("one-more", Optional.of(TransformRule.append("x"))))));

    assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(prompt().sections()).doesNotContainKey("one-more");
    Map<String, Optional<TransformRule>> swap = new LinkedHashMap<>();
    swap.put("s0", Optional.empty());
    swap.put("one-more", Optional.of(TransformRule.append("x")));
    p.send(new HooksUpdate(null, null, new Hooks(null, swap)));
    p.assertNoMoreMessages();
    assertThat(prompt().sections()).containsKey("one-more");
  }
}
