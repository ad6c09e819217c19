package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.internal.Engine;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.PersonQuestion;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The {@link AskChannels} of a {@link Gateway}: each change runs on its loop, in order. */
final class EngineAskChannels implements AskChannels {

  private final Engine engine;
  private final LoopRequests requests;

  EngineAskChannels(Engine engine, LoopRequests requests) {
    this.engine = engine;
    this.requests = requests;
  }

  @Override
  public void add(AskChannel channel) {
    requireNonNull(channel, "channel");
    requests.tell(() -> engine.addAskChannel(channel));
  }

  @Override
  public void remove(AskChannel channel) {
    requireNonNull(channel, "channel");
    requests.tell(() -> engine.removeAskChannel(channel));
  }

  @Override
  public CompletableFuture<List<PersonQuestion>> questions() {
    return requests.get(engine::questions);
  }
}
