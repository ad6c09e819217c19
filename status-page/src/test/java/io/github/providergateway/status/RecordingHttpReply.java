package io.github.providergateway.status;

import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.ServerSentEvents;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An {@link HttpReply} that keeps the answer it is given, or the event stream it opened. */
final class RecordingHttpReply implements HttpReply {

  int status;
  String contentType;
  Map<String, String> headers = Map.of();
  byte[] body;
  RecordingEvents events;

  @Override
  public void send(int status, String contentType, Map<String, String> headers, byte[] body) {
    if (this.status != 0 || events != null) {
      throw new IllegalStateException("answered twice");
    }
    this.status = status;
    this.contentType = contentType;
    this.headers = Map.copyOf(headers);
    this.body = body;
  }

  @Override
  public Optional<ServerSentEvents> openEvents(Map<String, String> headers) {
    if (this.status != 0 || events != null) {
      throw new IllegalStateException("answered twice");
    }
    events = new RecordingEvents();
    return Optional.of(events);
  }

  String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /** An event stream that keeps what it is sent. */
  static final class RecordingEvents implements ServerSentEvents {
    final List<String> data = new ArrayList<>();
    final List<Runnable> onClose = new ArrayList<>();
    boolean open = true;

    @Override
    public synchronized boolean send(String id, String event, String data) {
      if (!open) {
        return false;
      }
      this.data.add(data);
      return true;
    }

    @Override
    public synchronized boolean isOpen() {
      return open;
    }

    @Override
    public void onClose(Runnable action) {
      onClose.add(action);
    }

    @Override
    public void close() {
      open = false;
      onClose.forEach(Runnable::run);
    }

    synchronized String last() {
      return data.get(data.size() - 1);
    }
  }
}
