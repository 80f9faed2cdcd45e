import { isKitRequestError } from "@kit/api";
import { petApi, storeApi, userApi, usersApi } from "./src";

/** The calls `npm start` makes through the generated client; each returns what it received. */
export async function callPetstore(log: (line: string) => void): Promise<void> {
  const added = await petApi
    .addPet({ name: "Rex", photoUrls: ["rex.png"], status: "available" })
    .send();
  log(`addPet → ${added.status}, data: ${JSON.stringify(added.data)}`);

  const found = await petApi.findPetsByStatus(["available", "pending"], 20).send();
  log(
    `findPetsByStatus → ${found.data.length} pets: ${found.data.map((pet) => pet.name).join(", ")}`,
  );

  const pet = await petApi.getPetById(1, "demo-trace-1").send();
  log(`getPetById → ${pet.data.name} (${pet.data.status})`);

  await petApi.updatePetWithForm(1, "Rex the Second", "sold").send();
  log("updatePetWithForm → 204, no content");

  const photo = await petApi.getPetPhoto(1).send();
  log(`getPetPhoto → Blob of ${photo.data.size} bytes, type ${photo.data.type}`);

  const inventory = await storeApi.getInventory().send();
  log(
    `getInventory → envelope code ${inventory.code} "${inventory.message}", data: ${JSON.stringify(inventory.data)}`,
  );

  const token = await userApi.loginUser("alice", "secret").send();
  log(`loginUser → text: ${token.data}`);

  await usersApi.addUserNote(7, "Prefers cats.").send();
  log("addUserNote → 204, text body sent");

  const profile = await usersApi.getUserProfile(7).send();
  log(`getUserProfile → ${profile.data.user.username}, roles ${profile.data.roles.join(", ")}`);

  try {
    await petApi.getPetById(404).send();
  } catch (error) {
    if (!isKitRequestError(error)) throw error;
    log(
      `getPetById(404) → ${error.name} kind=${error.kind} status=${error.status}: ${error.message}`,
    );
  }
}
