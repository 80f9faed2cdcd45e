import { VueQueryPlugin } from "@tanstack/vue-query";
import { createApp } from "vue";
import App from "./App.vue";
import { startMockBackend } from "./mock-backend";
import StrategiesApp from "./strategies/StrategiesApp.vue";

// `#strategies` opens the request strategies page (the shelter API), else the petstore page.
const root = location.hash === "#strategies" ? StrategiesApp : App;
void startMockBackend().then(() => createApp(root).use(VueQueryPlugin).mount("#app"));
