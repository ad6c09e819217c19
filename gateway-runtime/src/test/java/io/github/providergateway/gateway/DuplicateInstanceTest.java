package io.github.providergateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.event.Refusal;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Sessions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 34: a provider refused {@code DUPLICATE_INSTANCE} is told which provider and process hold
 * the name and how to run a second one, and the person hears it where they look: the host's refusal
 * (the console), the audit trail's record and the timeline of the session the {@code hello} named.
 * Spec: Identity protection, Error recovery guide (R-RECON-06, R-RECON-07).
 */
class DuplicateInstanceTest {

  private final List<Refusal> refusals = new CopyOnWriteArrayList<>();
  private final List<Decision> decisions = new CopyOnWriteArrayList<>();
  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("claude");

  DuplicateInstanceTest() {
    f.gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void refused(Refusal refusal) {
                refusals.add(refusal);
              }

              @Override
              public void decided(Decision decision) {
                decisions.add(decision);
              }
            });
  }

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void aSecondProviderOfANameIsToldWhoHoldsItWithItsProcessAndHowToRunAnother() {
    RecordingProviderConnection first = f.authenticated().peerProcess(ProcessHandle.current());
    first.send(Hello.builder("ci-guard").session(session).build());
    String holder = first.next(HelloAck.class).providerId();
    RecordingProviderConnection second = f.authenticated();

    second.send(Hello.builder("ci-guard").session(session).build());

    ErrorMessage refused = second.next(ErrorMessage.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE);
    assertThat(refused.message())
        .startsWith(
            "Provider 'ci-guard' is already connected (" + holder + " in " + session + ", conn#")
        .contains("pid " + ProcessHandle.current().pid() + ": java")
        .contains(
            "give this one an instance of its own (hello's \"instance\"; the examples read TAP_INSTANCE)")
        .contains("reconnect with its reconnectToken");
    assertThat(first.isClosed()).as("the live connection is unaffected (R-RECON-06)").isFalse();
    assertThat(second.isClosed()).as("the refused one may retry (R-RECON-07)").isFalse();

    assertThat(refusals)
        .singleElement()
        .satisfies(
            refusal ->
                assertThat(refusal.describe())
                    .as("the console's line, whole")
                    .endsWith("reconnect with its reconnectToken"));
    assertThat(decisions)
        .filteredOn(d -> d.outcome() == Decision.Outcome.REFUSED)
        .singleElement()
        .satisfies(record -> assertThat(record.reason()).isEqualTo(refused.message()));
    assertThat(f.host(session).loggedTexts())
        .singleElement()
        .asString()
        .startsWith("Refused provider 'ci-guard' (conn#")
        .contains("DUPLICATE_INSTANCE Provider 'ci-guard' is already connected (" + holder);
  }

  @Test
  void anotherInstanceBindsBesideItAsTheRefusalSays() {
    f.authenticated().send(Hello.builder("ci-guard").session(session).build());
    RecordingProviderConnection second = f.authenticated();
    second.send(Hello.builder("ci-guard").session(session).build());
    second.next(ErrorMessage.class);

    second.send(Hello.builder("ci-guard").instance("2").session(session).build());

    assertThat(second.next(HelloAck.class).providerId()).isNotBlank();
  }

  @Test
  void aHolderTheGatewayStartedIsNamedAsItsSessionsConfigEntry() {
    RecordingProviderConnection spawned = f.spawned(session, "greeter");
    spawned.send(Hello.builder("greeter").build());
    spawned.next(HelloAck.class);
    RecordingProviderConnection byHand = f.authenticated();

    byHand.send(Hello.builder("greeter").session(session).build());

    assertThat(byHand.next(ErrorMessage.class).message())
        .contains("started by the gateway for session " + session + " as 'greeter'");
  }

  @Test
  void aPairedProviderIsNotToldWhichLocalProcessHoldsTheName() {
    RecordingProviderConnection first = f.authenticated().peerProcess(ProcessHandle.current());
    first.send(Hello.builder("tab").session(session).build());
    first.next(HelloAck.class);
    RecordingProviderConnection paired = f.paired(session, sessions -> {});

    paired.send(Hello.builder("tab").build());

    ErrorMessage refused = paired.next(ErrorMessage.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE);
    assertThat(refused.message()).doesNotContain("pid ").contains("TAP_INSTANCE");
  }

  @Test
  void aHelloRefusedForASessionItMayNotBindToLeavesThatSessionsTimelineAlone() {
    String other = f.startSession("gemini");
    RecordingProviderConnection spawned = f.connectSpawned(session, "greeter");
    spawned.next(Sessions.class);

    spawned.send(Hello.builder("greeter").session(other).build());

    assertThat(spawned.next(ErrorMessage.class).code()).isNotNull();
    assertThat(f.host(other).loggedTexts()).isEmpty();
  }
}
