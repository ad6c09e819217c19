package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.protocol.TrustLevel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The spec's capability matrix, one test per cell, each run against the engine with a provider of
 * that trust level (spec: Provider capabilities). The expectations are written out here from the
 * spec's table, not read from the code under test.
 */
class TrustMatrixTest {

  private static final boolean YES = true;
  private static final boolean NO = false;

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");
  private final RecordingProviderConnection other = f.bound("other", session);

  @AfterEach
  void close() {
    f.close();
  }

  /** A connection of {@code trust}, authenticated but not yet bound. */
  private RecordingProviderConnection connect(TrustLevel trust) {
    return switch (trust) {
      case INTERNAL -> f.connectLocal(session);
      case PROJECT -> f.authenticated();
      case EXTERNAL -> f.paired(session, s -> {});
    };
  }

  /**
   * One capability exercised by a message; returns the gateway's answer (null when an allowed
   * message has no answer).
   */
  private interface Action
      extends BiFunction<TrustMatrixTest, RecordingProviderConnection, GatewayMessage> {}

  /** Binds with {@code hello} and returns the answer. */
  private static GatewayMessage hello(RecordingProviderConnection conn, Hello hello) {
    conn.send(hello);
    return conn.next();
  }

  private GatewayMessage bindPlainly(RecordingProviderConnection conn) {
    GatewayMessage answer = hello(conn, Hello.builder("subject").session(session).build());
    assertThat(answer).isInstanceOf(HelloAck.class);
    conn.drain();
    return answer;
  }

  /**
   * Binds, declares {@code rule} for one section by {@code hooks.update}, and returns the answer.
   */
  private GatewayMessage updateTransform(RecordingProviderConnection conn, TransformRule rule) {
    bindPlainly(conn);
    conn.send(
        new HooksUpdate(
            "r", null, new Hooks(null, Map.of("custom_instructions", Optional.of(rule)))));
    return conn.next();
  }

  static Stream<Arguments> matrix() {
    return Stream.of(
            // capability row, internal, project, external
            row(
                "register tools",
                YES,
                YES,
                YES,
                (t, c) ->
                    hello(c, Hello.builder("subject").session(t.session).tools(tool("t")).build())),
            row(
                "push events",
                YES,
                YES,
                YES,
                (t, c) -> {
                  t.bindPlainly(c);
                  c.send(Push.event(PushLevel.INJECT, "hi"));
                  // Allowed: the turn starts and nothing comes back. Refused: an error comes back.
                  return t.f.host(t.session).sends.isEmpty()
                      ? c.next()
                      : c.drain().stream().findFirst().orElse(null);
                }),
            row(
                "register hook gate rules",
                YES,
                YES,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    List.of(HookRule.gate(HookMatch.tool("shell"), "g")), null))
                            .build())),
            row(
                "register hook gate rules by update",
                YES,
                YES,
                NO,
                (t, c) -> {
                  t.bindPlainly(c);
                  c.send(
                      new HooksUpdate(
                          "r", null, new Hooks(List.of(HookRule.gate(null, "g")), null)));
                  return c.next();
                }),
            row(
                "register transform callbacks",
                YES,
                YES,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    null,
                                    Map.of(
                                        "code_change_rules",
                                        Optional.of(TransformRule.callback()))))
                            .build())),
            row(
                "register static transforms (append)",
                YES,
                YES,
                YES,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    null,
                                    Map.of(
                                        "custom_instructions",
                                        Optional.of(TransformRule.append("x")))))
                            .build())),
            row(
                "register static prepend",
                YES,
                YES,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    null,
                                    Map.of(
                                        "custom_instructions",
                                        Optional.of(TransformRule.prepend("x")))))
                            .build())),
            row(
                "register static replace",
                YES,
                YES,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    null,
                                    Map.of(
                                        "custom_instructions",
                                        Optional.of(TransformRule.replace("x")))))
                            .build())),
            // ...on any section but the protected ones, whatever the trust (design brief, decision
            // 17).
            row(
                "register static prepend on identity",
                NO,
                NO,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    null,
                                    Map.of("identity", Optional.of(TransformRule.prepend("x")))))
                            .build())),
            row(
                "register static replace on identity",
                NO,
                NO,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    null,
                                    Map.of("identity", Optional.of(TransformRule.replace("x")))))
                            .build())),
            row(
                "register static prepend on safety",
                NO,
                NO,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    null,
                                    Map.of("safety", Optional.of(TransformRule.prepend("x")))))
                            .build())),
            row(
                "register static replace on safety",
                NO,
                NO,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .hooks(
                                new Hooks(
                                    null,
                                    Map.of("safety", Optional.of(TransformRule.replace("x")))))
                            .build())),
            row(
                "register transform callbacks by update",
                YES,
                YES,
                NO,
                (t, c) -> t.updateTransform(c, TransformRule.callback())),
            row(
                "register static append by update",
                YES,
                YES,
                YES,
                (t, c) -> t.updateTransform(c, TransformRule.append("x"))),
            row(
                "register static prepend by update",
                YES,
                YES,
                NO,
                (t, c) -> t.updateTransform(c, TransformRule.prepend("x"))),
            row(
                "register static replace by update",
                YES,
                YES,
                NO,
                (t, c) -> t.updateTransform(c, TransformRule.replace("x"))),
            row(
                "query own streams",
                YES,
                YES,
                YES,
                (t, c) -> {
                  t.bindPlainly(c);
                  c.send(new StreamQuery("q", null, List.of("mine"), 10));
                  return c.next();
                }),
            row(
                "query cross-provider streams",
                YES,
                NO,
                NO,
                (t, c) -> {
                  t.bindPlainly(c);
                  c.send(new StreamQuery("q", null, List.of("other@other"), 10));
                  return c.next();
                }),
            row(
                "subscribe to session events",
                YES,
                YES,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .subscribe(List.of("user.message", "assistant.message"))
                            .build())),
            row(
                "subscribe to tool events",
                YES,
                YES,
                YES,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .subscribe(List.of("tool.execution_complete"))
                            .build())),
            row(
                "bind to all sessions",
                YES,
                NO,
                NO,
                (t, c) -> hello(c, Hello.builder("subject").allSessions().build())),
            row(
                "set context",
                YES,
                YES,
                NO,
                (t, c) ->
                    hello(
                        c, Hello.builder("subject").session(t.session).context("ambient").build())),
            row(
                "set startup_context",
                YES,
                YES,
                NO,
                (t, c) ->
                    hello(
                        c,
                        Hello.builder("subject")
                            .session(t.session)
                            .startupContext("start")
                            .build())),
            row(
                "context.update",
                YES,
                YES,
                NO,
                (t, c) -> {
                  t.bindPlainly(c);
                  c.send(new ContextUpdate("r", null, "new context"));
                  return c.next();
                }))
        .flatMap(r -> r);
  }

  private static Stream<Arguments> row(
      String capability, boolean internal, boolean project, boolean external, Action action) {
    return Stream.of(
        Arguments.of(capability, TrustLevel.INTERNAL, internal, action),
        Arguments.of(capability, TrustLevel.PROJECT, project, action),
        Arguments.of(capability, TrustLevel.EXTERNAL, external, action));
  }

  @ParameterizedTest(name = "{0} / {1} allowed={2}")
  @MethodSource("matrix")
  void eachTrustLevelMayDoExactlyWhatTheMatrixSays(
      String capability, TrustLevel trust, boolean allowed, Action action) {
    RecordingProviderConnection conn = connect(trust);

    GatewayMessage answer = action.apply(this, conn);

    if (allowed) {
      assertThat(answer instanceof ErrorMessage)
          .as(capability + " for " + trust + ": " + answer)
          .isFalse();
    } else {
      assertThat(answer)
          .as(capability + " for " + trust)
          .isInstanceOfSatisfying(
              ErrorMessage.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAUTHORIZED));
      assertThat(conn.isClosed()).isFalse();
    }
  }

  @Test
  void aRefusedHelloRegistersNothing() {
    RecordingProviderConnection external = connect(TrustLevel.EXTERNAL);

    external.send(
        Hello.builder("sneaky").session(session).tools(tool("t")).context("inject me").build());

    assertThat(external.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(done(f.gateway.tools(session))).isEmpty();
    assertThat(done(f.gateway.onPrompt(session, Map.of())).context()).isEmpty();
  }

  @Test
  void anAllowedCrossProviderQueryReturnsHistory() {
    RecordingProviderConnection internal = connect(TrustLevel.INTERNAL);
    bindPlainly(internal);
    other.send(Push.event("s", PushLevel.KEEP, "from other"));

    internal.send(new StreamQuery("q", null, List.of("s@other"), 10));

    assertThat(internal.next(StreamHistory.class).streams().get("s@other")).hasSize(1);
  }

  @Test
  void aProjectProviderMayNotUpdateToolsOfAnotherSession() {
    String beta = f.startSession("beta");
    RecordingProviderConnection project = connect(TrustLevel.PROJECT);
    bindPlainly(project);

    project.send(new ToolsUpdate(null, beta, List.of(tool("x")), null));

    assertThat(project.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
  }

  /** Every session-scoped message R-TRUST-13 names, made for the session it is given. */
  static Stream<Arguments> messagesNamingASession() {
    return Stream.of(
        addressed("push", id -> new Push(null, id, "e", null, PushLevel.KEEP, null, null)),
        addressed("tools.update", id -> new ToolsUpdate(null, id, List.of(tool("x")), null)),
        addressed(
            "hooks.update",
            id -> new HooksUpdate(null, id, new Hooks(List.of(HookRule.deny(null, "no")), null))),
        addressed("context.update", id -> new ContextUpdate(null, id, "ctx")),
        addressed(
            "filter.set",
            id ->
                new FilterSet(null, id, "feed", List.of(new FilterRule("x", FilterOutcome.DROP)))),
        addressed("stream.query", id -> new StreamQuery("q", id, List.of("feed"), 10)),
        addressed("session.ready", SessionReady::new),
        addressed("shutdown.ready", ShutdownReady::new));
  }

  private static Arguments addressed(String type, Function<String, ProviderMessage> to) {
    return Arguments.of(type, to);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("messagesNamingASession")
  void aSessionScopedMessageNamingASessionOutsideTheBoundSetIsInvalidSessionAndDoesNothing(
      String type, Function<String, ProviderMessage> to) {
    String beta = f.startSession("beta");
    f.bound("owner", beta).send(Push.event("feed", PushLevel.KEEP, "beta's own event"));
    RecordingProviderConnection project = connect(TrustLevel.PROJECT);
    bindPlainly(project);
    project.drain();

    project.send(to.apply(beta));

    ErrorMessage error = project.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(error.sessionId()).isEqualTo(beta);
    project.assertNoMoreMessages();
    assertThat(done(f.gateway.queryStreams(beta, List.of("feed@owner"), 10)).get("feed@owner"))
        .hasSize(1);
  }
}
