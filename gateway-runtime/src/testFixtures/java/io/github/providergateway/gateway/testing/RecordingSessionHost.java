package io.github.providergateway.gateway.testing;

import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link SessionHost} that keeps everything the gateway tells it, in public lists a test reads.
 * Thread-safe: the lists may be written on the gateway's loop and read on the test's thread.
 */
public final class RecordingSessionHost implements SessionHost {

  /**
   * One {@code registerTools} call.
   *
   * @param sessionId the session
   * @param tools the session's tools as the host would register them
   */
  public record Registration(String sessionId, List<HostTool> tools) {
    /**
     * The tools' names.
     *
     * @return the names, in the registration's order
     */
    public List<String> names() {
      return tools.stream().map(HostTool::name).toList();
    }
  }

  /**
   * One {@code log} or {@code send} call.
   *
   * @param sessionId the session
   * @param source the provider's name, or {@code gateway}
   * @param text the line logged, or the prompt sent
   */
  public record Line(String sessionId, String source, String text) {}

  /** Each {@code registerTools} call, in order. */
  public final List<Registration> registrations = new CopyOnWriteArrayList<>();

  /** Each {@code log} call (the session's timeline), in order. */
  public final List<Line> logs = new CopyOnWriteArrayList<>();

  /** Each {@code send} call (an AI turn asked for), in order. */
  public final List<Line> sends = new CopyOnWriteArrayList<>();

  /** The {@code stream@provider} names {@code streamUpdated} gave, in order. */
  public final List<String> updatedStreams = new CopyOnWriteArrayList<>();

  /** What {@code askClient} was asked, {@code <server> <method>}, in order. */
  public final List<String> clientAsks = new CopyOnWriteArrayList<>();

  /** The {@code params} of each {@code askClient}, in the order of {@link #clientAsks}. */
  public final List<com.fasterxml.jackson.databind.JsonNode> clientAskParams =
      new CopyOnWriteArrayList<>();

  /**
   * What {@code askClient} answers: a client's answer to come, or null for the default refusal of a
   * host that cannot ask its agent's client.
   */
  public volatile java.util.concurrent.CompletableFuture<com.fasterxml.jackson.databind.JsonNode>
      clientAnswer;

  /** What {@code offersChanged} said, {@code <sessionId> <listing>}, in order. */
  public final List<String> offersChanged = new CopyOnWriteArrayList<>();

  /**
   * What {@link #askChannel()} gives: the channel through which this host asks its person, or null.
   */
  public volatile AskChannel askChannel;

  /** A host that has been told nothing yet. */
  public RecordingSessionHost() {}

  @Override
  public void registerTools(String sessionId, List<HostTool> tools) {
    registrations.add(new Registration(sessionId, List.copyOf(tools)));
  }

  @Override
  public void log(String sessionId, String source, String message) {
    logs.add(new Line(sessionId, source, message));
  }

  @Override
  public void send(String sessionId, String source, String prompt) {
    sends.add(new Line(sessionId, source, prompt));
  }

  @Override
  public void streamUpdated(String sessionId, String stream) {
    updatedStreams.add(stream);
  }

  @Override
  public java.util.concurrent.CompletableFuture<com.fasterxml.jackson.databind.JsonNode> askClient(
      String sessionId,
      String server,
      String method,
      com.fasterxml.jackson.databind.JsonNode params) {
    clientAsks.add(server + " " + method);
    clientAskParams.add(params);
    java.util.concurrent.CompletableFuture<com.fasterxml.jackson.databind.JsonNode> answer =
        clientAnswer;
    return answer != null ? answer : SessionHost.super.askClient(sessionId, server, method, params);
  }

  @Override
  public void offersChanged(
      String sessionId, io.github.providergateway.host.api.McpFeature listing) {
    offersChanged.add(sessionId + " " + listing.wireName());
  }

  @Override
  public AskChannel askChannel() {
    return askChannel;
  }

  /**
   * The latest registration's tool names.
   *
   * @return the names, or an empty list if no registration happened
   */
  public List<String> registeredNames() {
    return registrations.isEmpty()
        ? List.of()
        : registrations.get(registrations.size() - 1).names();
  }

  /**
   * The texts logged so far.
   *
   * @return the texts of {@link #logs}, in order
   */
  public List<String> loggedTexts() {
    List<String> texts = new ArrayList<>();
    for (Line line : logs) {
      texts.add(line.text());
    }
    return texts;
  }
}
