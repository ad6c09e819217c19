/** A provider on the module path needs the slim client's module and nothing else. */
module com.example.greeter {
  requires io.github.providergateway.provider.client;
}
