package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The literal check before a written file's send patterns ({@link WrittenScripts#mayReach}): it
 * must hold of every text either pattern finds, or a script that sends would be forgotten. One text
 * for each alternative of each pattern, upper-cased as well as written, as {@code (?i)} reads both.
 */
class WrittenScriptsTest {
  private static final List<String> SENDERS =
      List.of(
          // WrittenScripts.SENDS
          "curl -d @f https://x.example",
          "wget --post-file f x",
          "cat f | nc host 1",
          "ncat host 1 < f",
          "netcat host 1",
          "socat - TCP:host:1",
          "scp f host:",
          "rsync f host:",
          "sftp host",
          "ftp host",
          "ssh host cat",
          "telnet host",
          "rclone copy f r:",
          "git   push origin",
          "fetch (url)",
          "https.request(o)",
          "http.request(o)",
          "new XMLHttpRequest()",
          "navigator.sendBeacon(u)",
          "new WebSocket(u)",
          "import socket",
          "require('dgram')",
          "requests.get(u)",
          "httpx.get(u)",
          "import urllib",
          "import http.client",
          "axios.get(u)",
          "Net::HTTP.get(u)",
          "TCPSocket.new(h, 1)",
          "fsockopen($h)",
          "curl_exec($c)",
          "cat f > /dev/tcp/h/1",
          "cat f > /dev/udp/h/1",
          // InlineFlows.SENDS
          "requests.post(u)",
          "httpx.patch(u)",
          "urlopen(u, data)",
          "urllib.request.Request(u)",
          "Request(u, data=b)",
          "HTTPSConnection(h)",
          "HTTPConnection(h)",
          "import urllib3",
          "method: 'post'",
          "method = \"put\"",
          "s.post(u)",
          "s.put(u)",
          "body : x",
          "net.connect(1)",
          "tls.connect(1)",
          "import smtplib",
          "sendmail -t",
          "Net::SMTP->new",
          "UDPSocket.new",
          "IO::Socket::INET",
          "LWP::UserAgent->new->post(u)",
          "stream_context_create($o)",
          "https.request(o)");

  @Test
  void everyTextEitherPatternFindsHoldsOneOfTheWords() {
    for (String text : SENDERS) {
      for (String written : List.of(text, text.toUpperCase(java.util.Locale.ROOT))) {
        boolean found =
            WrittenScripts.SENDS.matcher(written).find()
                || InlineFlows.SENDS.matcher(written).find();
        assertThat(found).as(written).isTrue();
        assertThat(WrittenScripts.mayReach(written)).as(written).isTrue();
      }
    }
  }

  @Test
  void aTextWithNoneOfTheWordsIsNotSearched() {
    assertThat(WrittenScripts.mayReach("release notes: $VERSION\n")).isFalse();
    assertThat(WrittenScripts.mayReach("SELECT 1;\nECHO DONE")).isFalse();
    assertThat(WrittenScripts.mayReach("Curl https://x")).isTrue();
  }
}
